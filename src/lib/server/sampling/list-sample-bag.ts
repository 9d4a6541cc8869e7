import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SampleBag, SampleItem, SampleListQuery, SampleSupplierGroup } from '../../contracts/sampling-bag';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { colorCards, materials, materialVersions, sampleBagItems } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';
import { materialCardsByIds } from '../materials/find-materials';

/**
 * The user's sample bag grouped by supplier (docs/product/sampling.md#calls buyer/sample/bag/list; sampleItem/list with `ids`: only those of the
 * user's items). Items are newest first, groups in the order of their newest item. Each item carries the material's
 * tile, the chosen color card, its quantity and the material's sample price.
 */
export async function listSampleBag(userId: number, query: SampleListQuery, options: { lang: Lang }): Promise<SampleBag> {
  if (query.ids && query.ids.length === 0) return { groups: [], total: 0 };
  const rows = await getDb()
    .select({
      id: sampleBagItems.id,
      materialId: sampleBagItems.materialId,
      quantity: sampleBagItems.quantity,
      createdAt: sampleBagItems.createdAt,
      card: { id: colorCards.id, name: colorCards.name, hex: colorCards.hex },
      samplePrice: sql<string | null>`${materialVersions.data}->'attrs'->>'PF_SAMPLE_PRICE'`,
      available: sql<boolean>`coalesce(${visibleMaterial}, false)`,
    })
    .from(sampleBagItems)
    .innerJoin(materials, eq(materials.id, sampleBagItems.materialId))
    .innerJoin(colorCards, eq(colorCards.id, sampleBagItems.colorCardId))
    .leftJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
    .where(and(eq(sampleBagItems.userId, userId), query.ids ? inArray(sampleBagItems.id, query.ids) : undefined))
    .orderBy(desc(sampleBagItems.createdAt), desc(sampleBagItems.id));
  const tiles = new Map((await materialCardsByIds([...new Set(rows.map((r) => r.materialId))], options)).map((card) => [card.id, card]));
  const groups = new Map<number, SampleSupplierGroup>();
  for (const row of rows) {
    const material = tiles.get(row.materialId);
    if (!material) continue;
    const { supplierId, supplierName, supplierLogo } = material.supplierInfo;
    let group = groups.get(supplierId);
    if (!group) groups.set(supplierId, (group = { supplierId, supplierName, supplierLogo, items: [] }));
    const price = row.samplePrice === null || row.samplePrice === '' ? null : Number(row.samplePrice);
    const item: SampleItem = {
      id: row.id,
      materialId: row.materialId,
      colorCard: row.card,
      quantity: row.quantity,
      samplePrice: price !== null && Number.isFinite(price) ? price : null,
      available: row.available === true,
      material,
      createdAt: row.createdAt.toISOString(),
    };
    group.items.push(item);
  }
  return { groups: [...groups.values()], total: rows.length };
}
