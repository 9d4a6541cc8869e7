import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SupplierMaterialPage, SupplierMaterialQuery, SupplierMaterialRow } from '../../contracts/material-edit';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { colorCards, images, materials } from '../db/schema';
import { imageSources } from '../images/image-url';
import { RENDER_FAILED, RENDER_QUEUED, supplierMaterialConditions } from './supplier-material-filter';

/**
 * A page of the company's own materials (docs/product/supplier.md#the-material-list), published or not, with the
 * state each row shows: markets, draft, renders failed and waiting.
 */
export async function listSupplierMaterials(companyId: number, query: SupplierMaterialQuery, lang: Lang): Promise<SupplierMaterialPage> {
  const catalogue = await catalogueSnapshot();
  const where = supplierMaterialConditions(companyId, query, catalogue);
  const db = getDb();
  const order =
    query.sort === 'name'
      ? [asc(lang === 'en' ? sql`lower(coalesce(nullif(${materials.nameEn}, ''), ${materials.nameCn}))` : materials.nameCn), asc(materials.id)]
      : query.sort === 'newest'
        ? [desc(materials.gmtCreateTime), desc(materials.id)]
        : [desc(materials.gmtModifyTime), desc(materials.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ m: materials, cover: { id: images.id, width: images.width, height: images.height } })
      .from(materials)
      .leftJoin(images, eq(images.id, materials.coverImageId))
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(materials).where(where),
  ]);
  const renders = await renderCounts(rows.map((r) => r.m.id));
  const en = lang === 'en';
  const records = rows.map(({ m, cover }): SupplierMaterialRow => {
    const category = catalogue.categories.get(m.categoryId);
    return {
      id: m.id,
      version: m.version,
      name: en && m.nameEn ? m.nameEn : m.nameCn,
      serialNo: m.serialNo,
      categoryId: m.categoryId,
      categoryName: category ? (en ? category.nameEn : category.nameCn) : '',
      cover: cover?.id ? imageSources(cover, 'small') : null,
      colorCount: m.colorCount,
      marketTypes: [...(m.onMarketDomestic ? [1] : []), ...(m.onMarketOverseas ? [2] : [])],
      isDraft: m.firstOnMarketAt === null,
      renderFailed: renders.get(m.id)?.failed ?? 0,
      renderQueued: renders.get(m.id)?.queued ?? 0,
      gmtModifyTime: m.gmtModifyTime.toISOString(),
    };
  });
  return { records, total: counted?.n ?? 0 };
}

async function renderCounts(ids: number[]): Promise<Map<number, { failed: number; queued: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({
      id: colorCards.materialId,
      failed: sql<number>`count(*) filter (where ${inArray(colorCards.renderingStatus, RENDER_FAILED)})::int`,
      queued: sql<number>`count(*) filter (where ${inArray(colorCards.renderingStatus, RENDER_QUEUED)})::int`,
    })
    .from(colorCards)
    .where(and(inArray(colorCards.materialId, ids)))
    .groupBy(colorCards.materialId);
  return new Map(rows.map((r) => [r.id, { failed: r.failed, queued: r.queued }]));
}
