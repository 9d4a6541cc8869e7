import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { colorCardEditSchema, materialEditRequestSchema } from '../../contracts/material-edit';
import { MATERIAL_IMPORT_LIST_SEPARATOR, type MaterialImportAction, type MaterialImportPlanRow, type MaterialImportRowError } from '../../contracts/material-import-rules';
import type { Lang } from '../../i18n';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { listCategoryTemplate, type MaterialField } from '../catalogue/list-material-fields';
import { getDb } from '../db/client';
import { images as imagesTable } from '../db/schema';
import { AppError } from '../errors';
import { checkMaterialEdit } from '../materials/edit-material';
import { findOwnMaterial, type OwnMaterial } from '../materials/find-own-material';
import type { MaterialInput } from '../materials/save-material';
import { attachmentsOf, sortColorCards, type StoredMaterial } from '../materials/stored-material';
import type { ImportColumns } from './match-import-columns';
import { OWN_ATTRIBUTE_COLUMNS } from './match-import-columns';
import type { ImportImages } from './open-import-images';
import { looksLikeImage } from './open-import-images';
import { readImportValue, type ReverseLabels } from './read-import-value';
import { storeImportImage } from './store-import-image';

/** What every row of one import shares: who imports, the sheet's columns and pictures, and what was read once. */
export type ImportContext = {
  companyId: number;
  userId: number;
  lang: Lang;
  marketType: 1 | 2;
  defaultCategoryId: number | null;
  catalogue: CatalogueSnapshot;
  labels: ReverseLabels;
  columns: ImportColumns;
  images: ImportImages | null;
  /** The company's materials by serial number (not deleted). */
  bySerial: Map<string, number[]>;
  /** Category (by path, name or code, folded) → id. */
  categories: Map<string, number>;
  templates: Map<number, Promise<MaterialField[] | null>>;
};

/** The dry run's finding for a row, and what saving it writes (create and update only, and only when writing). */
type PlannedRow = MaterialImportPlanRow & { input?: MaterialInput };

const URL = /^https?:\/\//i;
const CARD = /^(.*?)\s*(#[0-9a-fA-F]{6})$/;
const fold = (text: string) => text.trim().replace(/\s*\/\s*/g, '/').replace(/\s+/g, ' ').toLowerCase();

/** Category paths as the export writes them (either language), names and codes: how a category cell is read. */
export function categoryLookup(catalogue: CatalogueSnapshot): Map<string, number> {
  const map = new Map<string, number>();
  const names = new Map<string, number[]>();
  for (const c of catalogue.categories.values()) {
    const path: { nameCn: string; nameEn: string }[] = [];
    for (let at: typeof c | undefined = c; at; at = at.parentId === null ? undefined : catalogue.categories.get(at.parentId)) path.unshift(at);
    map.set(fold(path.map((p) => p.nameCn).join('/')), c.id);
    map.set(fold(path.map((p) => p.nameEn).join('/')), c.id);
    map.set(fold(c.code), c.id);
    for (const name of new Set([fold(c.nameCn), fold(c.nameEn)])) names.set(name, [...(names.get(name) ?? []), c.id]);
  }
  // A bare name stands for its category only when no other category has it.
  for (const [name, ids] of names) if (ids.length === 1 && !map.has(name)) map.set(name, ids[0]!);
  return map;
}

/** Which column a refusal of the editor's names (`attrs.PF_…`, `colorCards[0].hex`, `galleryImageIds[2]` …). */
function columnOf(field: string): string {
  if (field.startsWith('attrs.')) {
    const code = field.slice('attrs.'.length);
    return Object.entries(OWN_ATTRIBUTE_COLUMNS).find(([, c]) => c === code)?.[0] ?? code;
  }
  if (field.startsWith('colorCards')) return 'colorCards';
  if (/^(galleryImageIds|coverImageId|danglingImageId)/.test(field)) return 'images';
  if (field.startsWith('categoryId')) return 'category';
  if (field.startsWith('attachments')) return 'documents';
  return field;
}

/**
 * Turns one data row into the editor's save (docs/product/integrations.md#bulk-import) and checks it with the editor's
 * own checks (`checkMaterialEdit`), so a sheet is held to exactly the form's rules. A row whose serial number the
 * company already has becomes the next version of that material, and only when its content differs ("unchanged"
 * otherwise). Columns the sheet lacks, and an empty images or color-card cell, keep what the material has. With
 * `write` the zip's pictures are stored (as the editor's uploads are) and the row answers what to save; without it
 * nothing is written: the dry run.
 */
export async function planImportRow(ctx: ImportContext, sheetRow: { row: number; cells: string[] }, options: { write: boolean; firstRowOf: Map<string, number> }): Promise<PlannedRow> {
  const cell = new Map<string, string>();
  for (const [index, key] of ctx.columns.byIndex) cell.set(key, sheetRow.cells[index]?.trim() ?? '');
  const serialNo = cell.get('serialNo') ?? '';
  const errors: MaterialImportRowError[] = [];
  const fail = (column: string, key: string, params?: Record<string, string>) => errors.push({ column, key, ...(params ? { params } : {}) });
  const planned = (action: MaterialImportAction, materialId: number | null, input?: MaterialInput): PlannedRow => ({
    row: sheetRow.row,
    serialNo,
    name: cell.get('nameCn') || cell.get('nameEn') || '',
    action: errors.length ? 'error' : action,
    materialId,
    errors,
    ...(input && !errors.length ? { input } : {}),
  });

  // The serial number is the row's identity in the company: required, once per file, and naming one material at most.
  if (serialNo === '') fail('serialNo', 'materialImport.errors.serialRequired');
  const first = options.firstRowOf.get(serialNo);
  if (serialNo && first !== undefined && first !== sheetRow.row) fail('serialNo', 'materialImport.errors.serialTwice', { row: String(first) });
  const matches = ctx.bySerial.get(serialNo) ?? [];
  if (matches.length > 1) fail('serialNo', 'materialImport.errors.serialAmbiguous', { count: String(matches.length) });
  if (errors.length) return planned('error', null);

  let current: OwnMaterial | null = null;
  if (matches.length === 1) {
    try {
      current = await findOwnMaterial(ctx.companyId, matches[0]!);
    } catch (err) {
      // Deleted meanwhile: the row makes a new material, as it would have a minute later.
      if (!(err instanceof AppError)) throw err;
    }
  }
  const snapshot: StoredMaterial | null = current?.snapshot ?? null;

  const categoryText = cell.get('category') ?? '';
  const categoryId = categoryText ? ctx.categories.get(fold(categoryText)) : (snapshot?.categoryId ?? ctx.defaultCategoryId ?? undefined);
  if (categoryId === undefined) fail('category', categoryText ? 'materialImport.errors.categoryUnknown' : 'materialImport.errors.categoryRequired', { value: categoryText });
  let template: MaterialField[] | null = null;
  if (categoryId !== undefined) {
    let loading = ctx.templates.get(categoryId);
    if (!loading) ctx.templates.set(categoryId, (loading = listCategoryTemplate(categoryId, ctx.marketType, ctx.lang)));
    template = await loading;
    if (!template) fail('category', 'materialImport.errors.categoryUnknown', { value: categoryText });
  }

  // Attributes: what the material has (fields of this template only, as the editor drops the others), then the cells.
  const inTemplate = new Set(template?.map((f) => f.fieldCode) ?? []);
  const attrs: Record<string, unknown> = {};
  for (const [code, value] of Object.entries(snapshot?.attrs ?? {})) if (inTemplate.has(code)) attrs[code] = value;
  for (const [key, text] of cell) {
    const code = OWN_ATTRIBUTE_COLUMNS[key as keyof typeof OWN_ATTRIBUTE_COLUMNS] ?? (ctx.catalogue.fields.has(key) ? key : null);
    if (!code) continue;
    // Another category's field is refused when it holds a value (as the editor does), ignored when empty.
    if (!inTemplate.has(code) && text === '') continue;
    attrs[code] = readImportValue(code, text, ctx.catalogue, ctx.labels);
  }

  // Color cards as the export writes them ("name #hex; …"), matched to the material's cards by name and color so
  // a card keeps its id (and its pictures) across imports; an empty cell keeps the cards as they are.
  const cardsText = cell.get('colorCards') ?? '';
  type CardEdit = z.input<typeof colorCardEditSchema>;
  let colorCards: CardEdit[];
  const currentCards = snapshot ? sortColorCards(snapshot.colorCards) : [];
  if (cardsText === '') {
    colorCards = currentCards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, isDefault: c.isDefault, isBan: c.isBan, imageIds: c.images.map((i) => i.id) }));
  } else {
    const free = [...currentCards];
    const take = (test: (c: (typeof free)[number]) => boolean) => {
      const at = free.findIndex(test);
      return at < 0 ? undefined : free.splice(at, 1)[0];
    };
    colorCards = [];
    for (const part of cardsText.split(MATERIAL_IMPORT_LIST_SEPARATOR).map((p) => p.trim()).filter(Boolean)) {
      const match = CARD.exec(part);
      if (!match) {
        fail('colorCards', 'materialImport.errors.colorCardFormat', { value: part });
        continue;
      }
      const name = match[1]!.trim();
      const hex = match[2]!.toLowerCase();
      const kept = take((c) => c.name === name && c.hex.toLowerCase() === hex) ?? take((c) => c.name === name) ?? take((c) => c.hex.toLowerCase() === hex);
      colorCards.push({ ...(kept ? { id: kept.id, isBan: kept.isBan } : {}), name, hex, isDefault: colorCards.length === 0 ? 1 : 0, imageIds: kept?.images.map((i) => i.id) ?? [] });
    }
  }

  // Pictures come only from the zip, by file name: a web address is refused and never fetched.
  const imagesText = cell.get('images') ?? '';
  let gallery: number[] = snapshot?.enclosure.map((i) => i.id) ?? [];
  let galleryChanged = false;
  if (imagesText !== '') {
    const names = imagesText.split(MATERIAL_IMPORT_LIST_SEPARATOR).map((n) => n.trim()).filter(Boolean);
    const ids: (number | null)[] = [];
    for (const name of names) {
      if (URL.test(name)) {
        fail('images', 'materialImport.errors.imageUrl', { value: name });
        continue;
      }
      const entry = ctx.images?.find(name);
      if (!ctx.images || !entry) {
        fail('images', ctx.images ? 'materialImport.errors.imageMissing' : 'materialImport.errors.imageNoZip', { value: name });
        continue;
      }
      const bytes = await ctx.images.read(entry);
      if (!(await looksLikeImage(bytes))) {
        fail('images', 'materialImport.errors.imageNotImage', { value: name });
        continue;
      }
      if (options.write) {
        const stored = await storeImportImage(ctx.companyId, bytes, ctx.lang);
        if ('refused' in stored) fail('images', 'materialImport.errors.imageRefused', { value: name, reason: stored.refused });
        else ids.push(stored.id);
      } else {
        ids.push(await knownImageId(createHash('sha256').update(bytes).digest('hex')));
      }
    }
    galleryChanged = ids.some((id) => id === null) || ids.join() !== gallery.join();
    gallery = ids.flatMap((id) => (id === null ? [] : [id]));
  }

  const keptCover = snapshot && imagesText === '' ? (snapshot.cover?.id ?? null) : null;
  const edit = materialEditRequestSchema.safeParse({
    ...(current ? { materialId: current.id } : {}),
    categoryId: categoryId ?? 1,
    marketType: ctx.marketType,
    attrs,
    colorCards,
    coverImageId: keptCover,
    danglingImageId: snapshot?.dangling?.id ?? null,
    // A dry run checks pictures not stored yet by their presence in the zip (above), not as the editor's uploads.
    galleryImageIds: options.write || !galleryChanged ? gallery : [],
    attachments: snapshot ? attachmentsOf(snapshot).map((a) => ({ relativePath: a.relativePath, name: a.name })) : [],
    materialFileReadId: snapshot?.file?.readId ?? null,
  });
  if (!edit.success) {
    for (const issue of edit.error.issues) {
      const limit = (issue as { maximum?: unknown }).maximum;
      fail(columnOf(issue.path.join('.').replace(/\.(\d+)/g, '[$1]')), issue.message, limit === undefined ? undefined : { maximum: String(limit) });
    }
  }
  if (!edit.success || categoryId === undefined || !template) return planned('error', current?.id ?? null);

  const checked = await checkMaterialEdit({ companyId: ctx.companyId, userId: ctx.userId }, edit.data, ctx.lang, { current, template });
  for (const issue of checked.issues) fail(columnOf(issue.field), issue.key, issue.params);
  if (errors.length) return planned('error', current?.id ?? null);
  if (!current) return planned('create', null, checked.input);
  const same = !galleryChanged && sameContent(checked.input, current.snapshot);
  return planned(same ? 'unchanged' : 'update', current.id, same ? undefined : checked.input);
}

/** A picture already stored with these bytes (by their SHA-256, the key pictures are stored under), or null. */
async function knownImageId(sha256: string): Promise<number | null> {
  const [row] = await getDb().select({ id: imagesTable.id }).from(imagesTable).where(eq(imagesTable.sha256, sha256));
  return row?.id ?? null;
}

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
};
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Whether saving `input` would write the content the material's latest version already has (docs/product/catalogue.md#versions). */
function sameContent(input: MaterialInput, snapshot: StoredMaterial): boolean {
  const hasDefault = input.colorCards.some((c) => c.isDefault);
  const cards = sortColorCards(input.colorCards.map((c, sort) => ({ id: c.id ?? 0, sort, isDefault: c.isDefault || (!hasDefault && sort === 0) ? 1 : 0, name: c.name.slice(0, 32), hex: c.hex.toLowerCase(), images: c.images.map((i) => i.id) })));
  const defaultCard = cards[0];
  const cover = input.cover?.id ?? defaultCard?.images[0] ?? input.enclosure[0]?.id ?? null;
  const mine = {
    categoryId: input.categoryId,
    nameCn: input.nameCn,
    nameEn: input.nameEn ?? '',
    serialNo: input.serialNo ?? '',
    attrs: input.attrs,
    cards: cards.map(({ sort: _s, ...c }) => c),
    enclosure: input.enclosure.map((i) => i.id),
    cover,
    dangling: input.dangling?.id ?? null,
    attachments: (input.attachments ?? []).map((a) => [a.relativePath, a.name]),
    file: input.file ? [input.file.readId, input.file.settings] : null,
  };
  const theirs = {
    categoryId: snapshot.categoryId,
    nameCn: snapshot.nameCn,
    nameEn: snapshot.nameEn,
    serialNo: snapshot.serialNo,
    attrs: snapshot.attrs,
    cards: sortColorCards(snapshot.colorCards).map((c) => ({ id: c.id, isDefault: c.isDefault, name: c.name, hex: c.hex.toLowerCase(), images: c.images.map((i) => i.id) })),
    enclosure: snapshot.enclosure.map((i) => i.id),
    cover: snapshot.cover?.id ?? null,
    dangling: snapshot.dangling?.id ?? null,
    attachments: attachmentsOf(snapshot).map((a) => [a.relativePath, a.name]),
    file: snapshot.file ? [snapshot.file.readId, snapshot.file.settings] : null,
  };
  return same(mine, theirs);
}
