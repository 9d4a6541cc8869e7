import { count, eq, sql } from 'drizzle-orm';
import { colorFamilyOf, labOf } from '../colors/color-family';
import { facetRows } from '../materials/save-material';
import { numberOrNull, type StoredColorCard, type StoredImageRef, type StoredMaterial } from '../materials/stored-material';
import type { Database } from '../db/client';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { materialSearchText } from '../search/material-search-text';
import { categories, colorCards, companies, images, materialFacets, materialImages, materials, materialVersions } from '../db/schema';
import { materialPlanner } from './materials';

const BATCH = 500;

/**
 * A large catalogue for benchmarks (`npm run db:seed -- --materials 100000`): the demo recipe, written in batches
 * of multi-row inserts instead of one transaction per material. Images are not rendered again: each color card
 * reuses a stored texture of the same category and color (or any stored one), so only rows grow.
 */
export async function seedBulkMaterials(db: Database, target: number, onProgress?: (done: number) => void): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(materials);
  const start = existing?.n ?? 0;
  if (start >= target) return 0;
  const plan = await materialPlanner(db);
  if (!plan) throw new Error('no merchants to publish materials: seed the demo data first');
  const pool = await imagePool(db);
  const catalogue = await catalogueSnapshot();
  const suppliers = new Map((await db.select({ id: companies.id, orgName: companies.orgName, nameEn: companies.nameEn }).from(companies)).map((c) => [c.id, c]));
  const roots = new Map((await db.select({ id: categories.id, parentId: categories.parentId }).from(categories)).map((c) => [c.id, c.parentId ?? c.id]));
  const colorOf = new Map<string, { lab: [number, number, number]; family: string }>();
  const color = (hex: string) => {
    let c = colorOf.get(hex);
    if (!c) colorOf.set(hex, (c = { lab: labOf(hex), family: colorFamilyOf(hex) }));
    return c;
  };

  for (let from = start; from < target; from += BATCH) {
    const plans = Array.from({ length: Math.min(BATCH, target - from) }, (_, k) => plan(from + k)).filter((p) => p !== null);
    await db.transaction(async (tx) => {
      const cover = (p: (typeof plans)[number], hex: string) => pool.get(`${p.categoryId}:${hex}`) ?? pool.get(hex) ?? pool.get('*');
      const rows = await tx
        .insert(materials)
        .values(
          plans.map((p) => ({
            companyId: p.companyId,
            categoryId: p.categoryId,
            rootCategoryId: roots.get(p.categoryId) ?? p.categoryId,
            nameCn: p.nameCn,
            nameEn: p.nameEn,
            serialNo: p.serialNo,
            coverImageId: cover(p, p.cards[0]?.hex ?? '')?.id ?? null,
            price: numberOrNull(p.attrs.PF_PRICE),
            currency: 'CNY',
            priceUnit: String(p.attrs.PF_UNIT ?? 'm'),
            colorCount: p.cards.length,
            defaultColorHex: p.cards[0]?.hex ?? null,
            onMarketDomestic: p.marketTypes.includes(1) ? 1 : 0,
            onMarketOverseas: p.marketTypes.includes(2) ? 1 : 0,
            firstOnMarketAt: p.marketTypes.length ? p.createdAt : null,
            gmtCreateTime: p.createdAt,
            gmtModifyTime: p.createdAt,
            searchText: materialSearchText({ ...p, colorCards: p.cards }, suppliers.get(p.companyId) ?? { orgName: '', nameEn: null }, catalogue),
          })),
        )
        .returning({ id: materials.id });
      const ids = rows.map((r) => r.id);
      const cardRows = await tx
        .insert(colorCards)
        .values(
          plans.flatMap((p, m) =>
            p.cards.map((card, sort) => {
              const { lab, family } = color(card.hex);
              return { materialId: ids[m] ?? 0, name: card.name, sort, isDefault: card.isDefault ? 1 : 0, hex: card.hex, labL: lab[0], labA: lab[1], labB: lab[2], colorFamily: family, renderingStatus: card.renderingStatus };
            }),
          ),
        )
        .returning({ id: colorCards.id, materialId: colorCards.materialId, sort: colorCards.sort });
      const cardId = new Map(cardRows.map((r) => [`${r.materialId}:${r.sort}`, r.id]));

      const snapshots = plans.map((p, m): [number, StoredMaterial] => {
        const materialId = ids[m] ?? 0;
        const cards: StoredColorCard[] = p.cards.map((card, sort) => {
          const image = cover(p, card.hex);
          const { lab, family } = color(card.hex);
          return { id: cardId.get(`${materialId}:${sort}`) ?? 0, name: card.name, sort, isDefault: card.isDefault ? 1 : 0, hex: card.hex, lab, colorFamily: family, isBan: 0, renderingStatus: card.renderingStatus, images: image ? [image] : [] };
        });
        return [materialId, { categoryId: p.categoryId, nameCn: p.nameCn, nameEn: p.nameEn, serialNo: p.serialNo, attrs: p.attrs, colorCards: cards, enclosure: [], cover: cards[0]?.images[0] ?? null, dangling: null, marketTypes: p.marketTypes, hasFile: 0 }];
      });
      await tx.insert(materialVersions).values(snapshots.map(([materialId, data]) => ({ materialId, version: 1, data, createdAt: new Date() })));
      await tx.insert(materialFacets).values(snapshots.flatMap(([materialId, data]) => facetRows(materialId, data)));
      const imageRows = snapshots.flatMap(([materialId, data]) => [
        ...data.colorCards.flatMap((c) => c.images.map((img) => ({ materialId, colorCardId: c.id, imageId: img.id, kind: 'enclosure' as const, sort: 0 }))),
        ...(data.cover ? [{ materialId, colorCardId: null, imageId: data.cover.id, kind: 'cover' as const, sort: 0 }] : []),
      ]);
      if (imageRows.length) await tx.insert(materialImages).values(imageRows);
    });
    onProgress?.(Math.min(from + BATCH, target));
  }
  // The visibility map lets counts use index-only scans; the statistics give the planner the new sizes.
  await db.execute(sql`vacuum analyze`);
  return target - start;
}

/** Stored textures by `${categoryId}:${hex}`, by hex, and one under `*`. */
async function imagePool(db: Database): Promise<Map<string, StoredImageRef>> {
  const rows = await db
    .select({ categoryId: materials.categoryId, hex: colorCards.hex, id: images.id, width: images.width, height: images.height })
    .from(materialImages)
    .innerJoin(colorCards, eq(colorCards.id, materialImages.colorCardId))
    .innerJoin(materials, eq(materials.id, materialImages.materialId))
    .innerJoin(images, eq(images.id, materialImages.imageId))
    .orderBy(sql`${materialImages.id}`);
  const pool = new Map<string, StoredImageRef>();
  for (const r of rows) {
    const ref = { id: r.id, width: r.width, height: r.height };
    if (!pool.has(`${r.categoryId}:${r.hex}`)) pool.set(`${r.categoryId}:${r.hex}`, ref);
    if (!pool.has(r.hex)) pool.set(r.hex, ref);
    if (!pool.has('*')) pool.set('*', ref);
  }
  return pool;
}
