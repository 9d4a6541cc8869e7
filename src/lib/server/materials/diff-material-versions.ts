import { and, eq, inArray } from 'drizzle-orm';
import type { MaterialDiff } from '../../contracts/material-edit';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { materials, materialVersions, users } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { attributeTitle, categoryPath, formatAttribute } from './format-attribute';
import { existingMaterial } from './published-material';
import { attachmentsOf, type StoredColorCard, type StoredImageRef, type StoredMaterial } from './stored-material';

type Change = MaterialDiff['attributes'][number]['change'];
const changeOf = (before: unknown, after: unknown, same: boolean): Change => (before === null && after === null ? 'same' : before === null ? 'added' : after === null ? 'removed' : same ? 'same' : 'changed');

/**
 * Two versions of the company's material side by side (docs/product/supplier.md#versions-diff-and-revert): every
 * attribute in reading form, color cards matched by id, and each image slot. Another company's material, a deleted
 * one or a version that never was is 100404 alike.
 */
export async function diffMaterialVersions(companyId: number, materialId: number, from: number, to: number, lang: Lang): Promise<MaterialDiff> {
  const db = getDb();
  const [material] = await db.select({ id: materials.id }).from(materials).where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial));
  const rows = material
    ? await db
        .select({ version: materialVersions.version, data: materialVersions.data, createdAt: materialVersions.createdAt, creator: users.name })
        .from(materialVersions)
        .leftJoin(users, eq(users.id, materialVersions.creatorId))
        .where(and(eq(materialVersions.materialId, materialId), inArray(materialVersions.version, [from, to])))
    : [];
  const a = rows.find((r) => r.version === from);
  const b = rows.find((r) => r.version === to);
  if (!a || !b) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const before = a.data as StoredMaterial;
  const after = b.data as StoredMaterial;
  const catalogue = await catalogueSnapshot();
  const en = lang === 'en';

  // The fixed fields first, then every attribute either version has, in the catalogue's field order.
  const path = (s: StoredMaterial) => categoryPath(catalogue, s.categoryId).map((c) => (en ? c.nameEn : c.nameCn)).join(' / ');
  const t = getT(lang);
  const fixed: MaterialDiff['attributes'] = [
    { fieldCode: 'PF_NAME_CN', title: attributeTitle('PF_NAME_CN', catalogue, lang), before: before.nameCn, after: after.nameCn },
    { fieldCode: 'PF_NAME_EN', title: attributeTitle('PF_NAME_EN', catalogue, lang), before: before.nameEn, after: after.nameEn },
    { fieldCode: 'PF_SERIAL_NO', title: attributeTitle('PF_SERIAL_NO', catalogue, lang), before: before.serialNo, after: after.serialNo },
    { fieldCode: 'category', title: t('supplier.column.category'), before: path(before), after: path(after) },
  ].map((row) => ({ ...row, change: changeOf(row.before || null, row.after || null, row.before === row.after) }));
  const order = [...catalogue.fields.keys()];
  const shown = new Set(fixed.map((row) => row.fieldCode));
  const codes = [...new Set([...Object.keys(before.attrs), ...Object.keys(after.attrs)])].filter((code) => !shown.has(code)).sort((x, y) => rank(order, x) - rank(order, y) || x.localeCompare(y));
  const attributes = codes.map((code) => {
    const was = formatAttribute(code, before.attrs[code], catalogue, lang);
    const now = formatAttribute(code, after.attrs[code], catalogue, lang);
    return { fieldCode: code, title: attributeTitle(code, catalogue, lang), before: was, after: now, change: changeOf(was || null, now || null, was === now) };
  });

  const side = (c: StoredColorCard | undefined) => (c ? { name: c.name, hex: c.hex, isDefault: c.isDefault, imageCount: c.images.length } : null);
  const cardIds = [...new Set([...before.colorCards.map((c) => c.id), ...after.colorCards.map((c) => c.id)])];
  const colorCards = cardIds.map((cardId) => {
    const x = side(before.colorCards.find((c) => c.id === cardId));
    const y = side(after.colorCards.find((c) => c.id === cardId));
    return { id: cardId, before: x, after: y, change: changeOf(x, y, JSON.stringify(x) === JSON.stringify(y)) };
  });

  const refs = (list: (StoredImageRef | null | undefined)[]) => list.flatMap((img) => (img ? [img] : []));
  const slot = (name: 'cover' | 'dangling' | 'gallery', x: StoredImageRef[], y: StoredImageRef[]) => ({
    slot: name,
    before: x.map((img) => imageSources(img, 'small')),
    after: y.map((img) => imageSources(img, 'small')),
    change: x.length === 0 && y.length > 0 ? ('added' as const) : y.length === 0 && x.length > 0 ? ('removed' as const) : x.map((i) => i.id).join() === y.map((i) => i.id).join() ? ('same' as const) : ('changed' as const),
  });
  const images = [slot('cover', refs([before.cover]), refs([after.cover])), slot('dangling', refs([before.dangling]), refs([after.dangling])), slot('gallery', before.enclosure, after.enclosure)];

  const paths = [...new Set([...attachmentsOf(before), ...attachmentsOf(after)].map((d) => d.relativePath))];
  const documentSide = (s: StoredMaterial, relativePath: string) => {
    const d = attachmentsOf(s).find((x) => x.relativePath === relativePath);
    return d ? { name: d.name, size: d.size } : null;
  };
  const documents = paths.map((relativePath) => {
    const x = documentSide(before, relativePath);
    const y = documentSide(after, relativePath);
    return { before: x, after: y, change: changeOf(x, y, x?.name === y?.name) };
  });

  const meta = (r: typeof a) => ({ version: r.version, creator: r.creator, createdAt: r.createdAt.toISOString() });
  return { from: meta(a), to: meta(b), attributes: [...fixed, ...attributes], colorCards, images, documents };
}

function rank(order: string[], code: string): number {
  const i = order.indexOf(code);
  return i === -1 ? order.length : i;
}
