import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { MaterialCard } from '../../contracts/materials';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companies, materials, materialVersions } from '../db/schema';
import { imageSources } from '../images/image-url';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import { numberOrNull, sortColorCards, type StoredMaterial } from '../materials/stored-material';

/** A material a share shows, at a version (null: the latest). */
export type SharedMaterialKey = { id: number; version: number | null };

/** Tiles of materials at the given versions (null: the latest), in the given order. */
export async function cardsAt(wanted: SharedMaterialKey[], publishedOnly: boolean, lang: Lang): Promise<MaterialCard[]> {
  if (wanted.length === 0) return [];
  const db = getDb();
  const rows = await db
    .select({ id: materials.id, latest: materials.version, companyId: materials.companyId, orgName: companies.orgName, orgNameEn: companies.nameEn })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.companyId))
    .where(and(inArray(materials.id, wanted.map((w) => w.id)), publishedOnly ? visibleMaterial : existingMaterial));
  const current = new Map(rows.map((r) => [r.id, r]));
  const keys = wanted.flatMap((w) => {
    const row = current.get(w.id);
    return row ? [{ id: w.id, version: w.version ?? row.latest }] : [];
  });
  if (keys.length === 0) return [];
  const versions = await db
    .select({ materialId: materialVersions.materialId, version: materialVersions.version, data: materialVersions.data, createdAt: materialVersions.createdAt })
    .from(materialVersions)
    .where(or(...keys.map((k) => and(eq(materialVersions.materialId, k.id), eq(materialVersions.version, k.version)))) ?? sql`false`);
  const byKey = new Map(versions.map((v) => [`${v.materialId}:${v.version}`, v]));
  return keys.flatMap((k): MaterialCard[] => {
    const v = byKey.get(`${k.id}:${k.version}`);
    const row = current.get(k.id);
    if (!v || !row) return [];
    const s = v.data as StoredMaterial;
    const cards = sortColorCards(s.colorCards);
    return [
      {
        id: k.id,
        version: k.version,
        categoryId: s.categoryId,
        name: lang === 'en' && s.nameEn ? s.nameEn : s.nameCn,
        serialNo: s.serialNo,
        cover: s.cover ? imageSources(s.cover, 'medium') : null,
        supplierInfo: { supplierId: row.companyId, supplierName: lang === 'en' && row.orgNameEn ? row.orgNameEn : row.orgName, supplierLogo: null },
        price: numberOrNull(s.attrs.PF_PRICE),
        currency: typeof s.attrs.PF_CURRENCY === 'string' ? s.attrs.PF_CURRENCY : 'CNY',
        priceUnit: typeof s.attrs.PF_UNIT === 'string' ? s.attrs.PF_UNIT : 'm',
        colors: cards.slice(0, 5).map((c) => c.hex),
        colorCount: cards.length,
        isNew: 0,
        gmtCreateTime: v.createdAt.toISOString(),
      },
    ];
  });
}
