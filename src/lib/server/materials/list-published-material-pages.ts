import { and, asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companies, materials } from '../db/schema';
import { isMerchant } from '../merchants/merchant-filter';
import { publishedOn } from './published-material';

/** How many material addresses one sitemap file lists (the format allows 50,000). */
export const SITEMAP_PAGE_SIZE = 40_000;

const listed = and(publishedOn(), isMerchant);

/** How many sitemap files the published materials of the domestic store fill (docs/product/content.md#sitemap). */
export async function countPublishedMaterialPages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(materials).innerJoin(companies, eq(companies.id, materials.companyId)).where(listed);
  return Math.ceil((row?.n ?? 0) / SITEMAP_PAGE_SIZE);
}

/** One sitemap file's materials (pages from 1): ids and when each last changed, in id order. */
export async function listPublishedMaterialPage(page: number): Promise<{ id: number; updatedAt: Date }[]> {
  return getDb()
    .select({ id: materials.id, updatedAt: materials.gmtModifyTime })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.companyId))
    .where(listed)
    .orderBy(asc(materials.id))
    .limit(SITEMAP_PAGE_SIZE)
    .offset((page - 1) * SITEMAP_PAGE_SIZE);
}
