import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { materialEditRequestSchema } from '../../contracts/material-edit';
import { ERROR, type FieldIssue } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { listCategoryTemplate, type MaterialField } from '../catalogue/list-material-fields';
import { getDb } from '../db/client';
import { images, materialFileReads, uploadedFiles } from '../db/schema';
import { defaultFileSettings, withFileSettings } from '../material-files/file-settings';
import { AppError } from '../errors';
import { checkMaterialAttrs, type AttrIssue } from './check-material-attrs';
import { findOwnMaterial, type OwnMaterial } from './find-own-material';
import { saveMaterial, type ColorCardInput, type MaterialInput } from './save-material';
import { attachmentsOf, type StoredAttachment, type StoredImageRef, type StoredMaterialFile } from './stored-material';

export type MaterialEdit = z.output<typeof materialEditRequestSchema>;
export type Editor = { companyId: number; userId: number };

/** The currency a market trades in (docs/product/material-editor.md#names-prices-and-markets). */
const currencyOf = (marketType: number) => (marketType === 2 ? 'USD' : 'CNY');

/**
 * The supplier's save from the editor (docs/product/material-editor.md): checks everything against the category's template and the
 * company's own pictures and color cards, then writes a new version through `saveMaterial`. A refusal names every
 * field at fault, in the caller's language, and changes nothing.
 */
export async function editMaterial(editor: Editor, edit: MaterialEdit, lang: Lang): Promise<{ id: number; version: number }> {
  const { current, issues, input } = await checkMaterialEdit(editor, edit, lang);
  if (issues.length > 0) throw refusal(issues, lang);
  try {
    return await saveMaterial(input, current ? { materialId: current.id } : {});
  } catch (error) {
    // Ownership was checked above; should it change meanwhile, the answer still does not say the material exists.
    if (error instanceof AppError && error.code === ERROR.authError) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
    throw error;
  }
}

export type CheckedMaterialEdit = {
  /** The material the edit makes a new version of; null for a new one. */
  current: OwnMaterial | null;
  /** Every field at fault, in the form's order; empty when the edit may be saved. */
  issues: AttrIssue[];
  /** What `saveMaterial` is given when there is no issue. */
  input: MaterialInput;
};

/**
 * Every check of the editor's save (docs/product/material-editor.md#field-rules), without saving: the editor and the
 * bulk import (docs/product/integrations.md#bulk-import) both go through it, so a row of a sheet is held to exactly the
 * form's rules. `known` lets a caller that checks many edits pass what it already read.
 */
export async function checkMaterialEdit(
  editor: Editor,
  edit: MaterialEdit,
  lang: Lang,
  known: { current?: OwnMaterial | null; template?: MaterialField[] | null } = {},
): Promise<CheckedMaterialEdit> {
  const current = known.current !== undefined ? known.current : edit.materialId ? await findOwnMaterial(editor.companyId, edit.materialId) : null;
  const template = known.template !== undefined ? known.template : await listCategoryTemplate(edit.categoryId, edit.marketType, lang);
  if (!template) throw new AppError(ERROR.fieldInvalid, { fields: [{ field: 'categoryId', message: getT(lang)('validation.categoryNotFound') }] });

  const catalogue = await catalogueSnapshot();
  // The currency is the market's, whatever the form sent.
  const attrsIn = { ...edit.attrs, ...(template.some((f) => f.fieldCode === 'PF_CURRENCY') ? { PF_CURRENCY: currencyOf(edit.marketType) } : {}) };
  const checked = checkMaterialAttrs(attrsIn, { template, inDictionary: (type, value) => catalogue.labels.has(`${type}:${value}`), isPlace: (code) => catalogue.labels.has(`address:${code}`) });

  const issues: AttrIssue[] = [...checked.issues];
  const pictures = await checkImages(editor.companyId, edit, current, issues);
  const file = await checkMaterialFile(editor.companyId, edit, current, issues);
  const cards = checkColorCards(edit, current, file, pictures, issues);
  const attachments = await checkAttachments(editor.companyId, edit, current, issues);

  const attrs = checked.attrs;
  const text = (code: string) => (typeof attrs[code] === 'string' ? (attrs[code] as string) : '');
  const input: MaterialInput = {
    companyId: editor.companyId,
    creatorId: editor.userId,
    categoryId: edit.categoryId,
    nameCn: text('PF_NAME_CN'),
    nameEn: text('PF_NAME_EN'),
    serialNo: text('PF_SERIAL_NO'),
    attrs,
    colorCards: cards,
    enclosure: edit.galleryImageIds.flatMap((id) => pictures.get(id) ?? []),
    cover: edit.coverImageId ? (pictures.get(edit.coverImageId) ?? null) : null,
    dangling: edit.danglingImageId ? (pictures.get(edit.danglingImageId) ?? null) : null,
    // Market state is not content: a save keeps it, and a new material is on no market until it is put on one.
    marketTypes: current?.marketTypes ?? [],
    file,
    attachments,
  };
  return { current, issues, input };
}

/** Every picture named must be the company's own upload or already be in this material. */
async function checkImages(companyId: number, edit: MaterialEdit, current: OwnMaterial | null, issues: AttrIssue[]): Promise<Map<number, StoredImageRef>> {
  const named: Array<[field: string, id: number]> = [
    ...(edit.coverImageId ? [['coverImageId', edit.coverImageId] as [string, number]] : []),
    ...(edit.danglingImageId ? [['danglingImageId', edit.danglingImageId] as [string, number]] : []),
    ...edit.galleryImageIds.map((id, i) => [`galleryImageIds[${i}]`, id] as [string, number]),
    ...edit.colorCards.flatMap((card, c) => card.imageIds.map((id, i) => [`colorCards[${c}].imageIds[${i}]`, id] as [string, number])),
  ];
  const ids = [...new Set(named.map(([, id]) => id))];
  // A picture is stored once for everyone (by its SHA-256) but uploaded per company: the company's own upload of it
  // counts as much as being its first uploader.
  const rows = ids.length
    ? await getDb()
        .selectDistinct({ id: images.id, width: images.width, height: images.height, companyId: images.companyId, uploadedBy: uploadedFiles.companyId })
        .from(images)
        .leftJoin(uploadedFiles, and(eq(uploadedFiles.imageId, images.id), eq(uploadedFiles.companyId, companyId)))
        .where(inArray(images.id, ids))
    : [];
  const usable = new Map(rows.filter((r) => r.companyId === companyId || r.uploadedBy === companyId || current?.imageIds.has(r.id)).map((r) => [r.id, { id: r.id, width: r.width, height: r.height }]));
  for (const [field, id] of named) if (!usable.has(id)) issues.push({ field, code: ERROR.fieldInvalid, key: 'validation.imageNotOwn' });
  return usable;
}

/**
 * Every document must be a file the company uploaded or one the material already holds
 * (docs/product/material-editor.md#documents); its size and type are the stored file's, never the client's word.
 */
async function checkAttachments(companyId: number, edit: MaterialEdit, current: OwnMaterial | null, issues: AttrIssue[]): Promise<StoredAttachment[]> {
  if (edit.attachments.length === 0) return [];
  const paths = [...new Set(edit.attachments.map((a) => a.relativePath))];
  const rows = await getDb()
    .select({ relativePath: uploadedFiles.relativePath, size: uploadedFiles.size, mime: uploadedFiles.mime })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.companyId, companyId), inArray(uploadedFiles.relativePath, paths)));
  const known = new Map<string, { size: number; mime: string }>();
  for (const kept of current ? attachmentsOf(current.snapshot) : []) known.set(kept.relativePath, { size: kept.size, mime: kept.mime });
  for (const row of rows) known.set(row.relativePath, { size: row.size, mime: row.mime });
  return edit.attachments.flatMap((a, i) => {
    const file = known.get(a.relativePath);
    if (!file) {
      issues.push({ field: `attachments[${i}].relativePath`, code: ERROR.fieldInvalid, key: 'validation.attachmentNotOwn' });
      return [];
    }
    return [{ relativePath: a.relativePath, name: a.name, size: file.size, mime: file.mime }];
  });
}

/**
 * The material file named by its reading (docs/product/material-files.md#binding-a-file): the bound file's own reading
 * keeps it with its settings; another must be a finished reading of the company's, bound with the settings the file
 * gives; null unbinds. Settings sent with it replace its settings.
 */
async function checkMaterialFile(companyId: number, edit: MaterialEdit, current: OwnMaterial | null, issues: AttrIssue[]): Promise<StoredMaterialFile | null> {
  const readId = edit.materialFileReadId;
  if (readId === null) return null;
  const file = await boundFile(companyId, readId, current);
  if (!file) {
    issues.push({ field: 'materialFileReadId', code: ERROR.fieldInvalid, key: 'validation.materialFileNotRead' });
    return null;
  }
  if (!edit.materialFileSettings) return file;
  const set = withFileSettings(file, edit.materialFileSettings);
  for (const { index, kind } of set.missing) issues.push({ field: `materialFileSettings.maps[${index}]`, code: ERROR.fieldInvalid, key: 'validation.mapNotInFile', params: { map: kind } });
  return set.file;
}

async function boundFile(companyId: number, readId: number, current: OwnMaterial | null): Promise<StoredMaterialFile | null> {
  const bound = current?.snapshot.file;
  if (bound?.readId === readId) return bound;
  const [read] = await getDb()
    .select({ state: materialFileReads.state, fileName: materialFileReads.fileName, material: materialFileReads.material, mapKeys: materialFileReads.mapKeys })
    .from(materialFileReads)
    .where(and(eq(materialFileReads.id, readId), eq(materialFileReads.companyId, companyId)));
  if (!read || read.state !== 'done' || !read.material || !read.mapKeys) return null;
  return { readId, fileName: read.fileName, material: read.material, mapKeys: read.mapKeys, settings: defaultFileSettings(read.material) };
}

/**
 * Card ids must be this material's. A card may be bound to the material file (`isBan`) only with one of the colors
 * the file proposes, and keeps that color while the same file stays bound; unbinding the file frees its cards
 * (docs/product/material-editor.md#color-cards).
 */
function checkColorCards(edit: MaterialEdit, current: OwnMaterial | null, file: StoredMaterialFile | null, pictures: Map<number, StoredImageRef>, issues: AttrIssue[]): ColorCardInput[] {
  const seen = new Set<number>();
  const proposed = new Set(file?.material.colors.map((c) => c.hex.toLowerCase()) ?? []);
  const sameFile = file !== null && file.readId === current?.snapshot.file?.readId;
  return edit.colorCards.map((card, i) => {
    const before = card.id ? current?.cards.get(card.id) : undefined;
    if (card.id && (!before || seen.has(card.id))) issues.push({ field: `colorCards[${i}].id`, code: ERROR.fieldInvalid, key: 'validation.colorCardNotOwn' });
    if (card.id) seen.add(card.id);
    const locked = sameFile && before?.isBan === 1;
    if (locked && before.hex.toLowerCase() !== card.hex.toLowerCase()) issues.push({ field: `colorCards[${i}].hex`, code: ERROR.fieldInvalid, key: 'validation.colorCardLocked' });
    else if (card.isBan === 1 && !proposed.has(card.hex.toLowerCase())) issues.push({ field: `colorCards[${i}].hex`, code: ERROR.fieldInvalid, key: 'validation.colorCardNotInFile' });
    return {
      ...(card.id ? { id: card.id } : {}),
      name: card.name,
      hex: card.hex,
      isDefault: card.isDefault === 1,
      isBan: (card.isBan === 1 || locked) && proposed.has(card.hex.toLowerCase()),
      ...(before ? { renderingStatus: before.renderingStatus } : {}),
      images: card.imageIds.flatMap((id) => pictures.get(id) ?? []),
    };
  });
}

/** One answer for every field at fault; its code is that of the first, in the form's order. */
function refusal(issues: AttrIssue[], lang: Lang): AppError {
  const t = getT(lang);
  const fields: FieldIssue[] = issues.map((i) => ({ field: i.field, message: t(i.key, i.params ?? {}) }));
  return new AppError(issues[0]!.code, { message: fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields });
}
