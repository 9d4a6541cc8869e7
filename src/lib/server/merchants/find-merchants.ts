import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MerchantCard, MerchantSearch } from '../../contracts/merchants';
import type { ImageRef } from '../../contracts/images';
import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { companies, images, materials, merchantFollows, merchantProfiles } from '../db/schema';
import { imageSources } from '../images/image-url';
import { isMerchant } from './merchant-filter';

export type MerchantListOptions = { lang: Lang; viewerId: number | null; choiceness?: boolean; followedBy?: number; only?: number };
const PREVIEWS = 3;

const published = and(eq(materials.companyId, companies.id), eq(materials.isDelete, 0), eq(materials.onMarketDomestic, 1));

/**
 * Merchants for the merchant center (§7 merchant/search/list, choiceness) and a buyer's followed list (§7
 * my-follow-list): keyword over both names, platform picks first, then by how much they publish.
 */
export async function findMerchants(query: MerchantSearch, options: MerchantListOptions): Promise<{ records: MerchantCard[]; total: number }> {
  const db = getDb();
  const conditions: (SQL | undefined)[] = [isMerchant];
  if (query.keyword) {
    const pattern = `%${query.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(or(ilike(companies.orgName, pattern), ilike(companies.nameEn, pattern)));
  }
  if (options.only !== undefined) conditions.push(eq(companies.id, options.only));
  if (options.choiceness) conditions.push(eq(merchantProfiles.isChoiceness, 1));
  if (options.followedBy !== undefined) {
    conditions.push(sql`exists (select 1 from ${merchantFollows} f where f.company_id = ${companies.id} and f.user_id = ${options.followedBy})`);
  }
  const where = and(...conditions);
  const logo = alias(images, 'logo');
  const materialCount = sql<number>`(select count(*)::int from ${materials} where ${published})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: companies,
        profile: merchantProfiles,
        logo: { id: logo.id, width: logo.width, height: logo.height },
        materialCount,
        followCount: sql<number>`(select count(*)::int from ${merchantFollows} f where f.company_id = ${companies.id})`,
        isFollow: options.viewerId
          ? sql<boolean>`exists (select 1 from ${merchantFollows} f where f.company_id = ${companies.id} and f.user_id = ${options.viewerId})`
          : sql<boolean>`false`,
      })
      .from(companies)
      .leftJoin(merchantProfiles, eq(merchantProfiles.companyId, companies.id))
      .leftJoin(logo, eq(logo.id, merchantProfiles.logoImageId))
      .where(where)
      .orderBy(desc(sql`coalesce(${merchantProfiles.isChoiceness}, 0)`), asc(sql`coalesce(${merchantProfiles.sort}, 0)`), desc(materialCount), asc(companies.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).leftJoin(merchantProfiles, eq(merchantProfiles.companyId, companies.id)).where(where),
  ]);
  const [catalogue, previews] = await Promise.all([catalogueSnapshot(), newestCovers(rows.map((r) => r.c.id))]);
  const en = options.lang === 'en';
  const records = rows.map((r): MerchantCard => ({
    orgId: r.c.id,
    id: r.c.id,
    orgName: en && r.c.nameEn ? r.c.nameEn : r.c.orgName,
    logo: r.logo?.id ? imageSources(r.logo, 'tiny') : null,
    slogan: (en ? r.profile?.sloganEn : r.profile?.sloganCn) ?? '',
    city: r.c.addressCity ? (labelIn(catalogue, `address:${r.c.addressCity}`, options.lang) ?? r.c.addressCity) : '',
    mainProducts: r.c.mainProducts.map((p) => labelIn(catalogue, `leadingProduct:${p}`, options.lang) ?? p),
    materialCount: r.materialCount,
    followCount: r.followCount,
    isFollow: r.isFollow ? 1 : 0,
    isChoiceness: r.profile?.isChoiceness === 1 ? 1 : 0,
    previews: previews.get(r.c.id) ?? [],
  }));
  return { records, total: total?.n ?? 0 };
}

/** The covers of each merchant's newest published materials, in one query. */
async function newestCovers(companyIds: number[]): Promise<Map<number, ImageRef[]>> {
  const result = new Map<number, ImageRef[]>();
  if (companyIds.length === 0) return result;
  const ranked = getDb()
    .select({
      companyId: materials.companyId,
      id: images.id,
      width: images.width,
      height: images.height,
      rank: sql<number>`row_number() over (partition by ${materials.companyId} order by ${materials.gmtCreateTime} desc, ${materials.id} desc)`.as('rank'),
    })
    .from(materials)
    .innerJoin(images, eq(images.id, materials.coverImageId))
    .where(and(inArray(materials.companyId, companyIds), eq(materials.isDelete, 0), eq(materials.onMarketDomestic, 1)))
    .as('ranked');
  const rows = await getDb().select().from(ranked).where(sql`${ranked.rank} <= ${PREVIEWS}`).orderBy(ranked.companyId, ranked.rank);
  for (const row of rows) {
    const list = result.get(row.companyId) ?? [];
    list.push(imageSources(row, 'small'));
    result.set(row.companyId, list);
  }
  return result;
}
