import { LRUCache } from 'lru-cache';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MerchantCard, MerchantSearch } from '../../contracts/merchants';
import type { ImageRef } from '../../contracts/images';
import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { companies, images, materials, merchantFollows, merchantProfiles } from '../db/schema';
import { imageSources } from '../images/image-url';
import { isMerchant } from './merchant-filter';
import { publishedOn } from '../materials/published-material';
import { MARKET_TYPE } from '../../constants';

export type MerchantListOptions = { lang: Lang; viewerId: number | null; choiceness?: boolean; followedBy?: number; only?: number };
const PREVIEWS = 3;

const published = and(eq(materials.companyId, companies.id), publishedOn(MARKET_TYPE.domestic));

// Ordering every merchant by how much it publishes means counting every published material; one grouped count,
// reused for 30 s (as the store's facet counts are), keeps that off each request. One merchant's own page
// (`only`) counts live.
const COUNTS_TTL_MS = 30_000;
const countCache = new LRUCache<'counts', Promise<Record<string, number>>>({ max: 1, ttl: COUNTS_TTL_MS });

function publishedCounts(): Promise<Record<string, number>> {
  let value = countCache.get('counts');
  if (!value) {
    value = getDb()
      .select({ companyId: materials.companyId, n: sql<number>`count(*)::int` })
      .from(materials)
      .where(publishedOn(MARKET_TYPE.domestic))
      .groupBy(materials.companyId)
      .then((rows) => Object.fromEntries(rows.map((r) => [String(r.companyId), r.n])));
    countCache.set('counts', value);
    value.catch(() => countCache.delete('counts'));
  }
  return value;
}

/** After publishing in this process, or in tests that count right after saving. */
export function forgetMerchantCounts(): void {
  countCache.clear();
}

/**
 * Merchants for the merchant center (docs/product/catalogue.md#calls merchant/search/list, choiceness) and a buyer's followed list (docs/product/catalogue.md#calls
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
  const materialCount =
    options.only !== undefined
      ? sql<number>`(select count(*)::int from ${materials} where ${published})`
      : sql<number>`coalesce((${JSON.stringify(await publishedCounts())}::jsonb ->> ${companies.id}::text)::int, 0)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: {
          id: companies.id,
          orgName: companies.orgName,
          nameEn: companies.nameEn,
          addressCity: companies.addressCity,
          mainProducts: companies.mainProducts,
        },
        profile: { sloganCn: merchantProfiles.sloganCn, sloganEn: merchantProfiles.sloganEn, isChoiceness: merchantProfiles.isChoiceness },
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

/**
 * The covers of each merchant's newest published materials, in one query: per merchant the newest few by its
 * (company, created) index, however many materials it has.
 */
async function newestCovers(companyIds: number[]): Promise<Map<number, ImageRef[]>> {
  const result = new Map<number, ImageRef[]>();
  if (companyIds.length === 0) return result;
  const ids = sql.join(
    companyIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await getDb().execute<{ company_id: string | number; id: string | number; width: number; height: number }>(sql`
    select c.id as company_id, x.id, x.width, x.height
    from unnest(array[${ids}]) with ordinality as c(id, ord)
    cross join lateral (
      select ${images.id} as id, ${images.width} as width, ${images.height} as height, ${materials.gmtCreateTime} as created, ${materials.id} as material_id
      from ${materials} join ${images} on ${images.id} = ${materials.coverImageId}
      where ${materials.companyId} = c.id and ${publishedOn(MARKET_TYPE.domestic)}
      order by ${materials.gmtCreateTime} desc, ${materials.id} desc
      limit ${PREVIEWS}
    ) x
    order by c.ord, x.created desc, x.material_id desc`);
  for (const row of rows.rows) {
    const companyId = Number(row.company_id);
    const list = result.get(companyId) ?? [];
    list.push(imageSources({ id: Number(row.id), width: row.width, height: row.height }, 'small'));
    result.set(companyId, list);
  }
  return result;
}
