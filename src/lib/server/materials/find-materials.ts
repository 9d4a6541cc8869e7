import { and, asc, desc, eq, exists, getTableColumns, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MATERIAL_FACETS, NEW_MATERIAL_DAYS, type FacetGroup, type MaterialCard, type MaterialFacet, type MaterialPage, type MaterialQuery } from '../../contracts/materials';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { MARKET_TYPE, marketCurrency, type MarketType } from '../../constants';
import { colorCards, companies, images, listedPriceIn, materialFacets, materials, merchantProfiles } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { keywordMatch } from '../search/keyword-match';
import { catalogueSnapshot, labelIn, type CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { cachedListing } from './listing-cache';
import { publishedOn } from './published-material';

/** `marketType` is required: every listing is of one market (docs/product/markets.md#materials). */
export type FindOptions = { lang: Lang; marketType: MarketType; withFacets?: boolean; now?: Date; rankCandidates?: number };

/** The dictionary each facet's values come from. */
const FACET_LABELS: Record<MaterialFacet, string> = { colorFamily: 'colorFamily', season: 'season', product: 'leadingProduct', shipFrom: 'address' };
const SWATCHES = 5;
/** How many of a search's newest hits are ranked by relevance (and so how many a relevance search lists). */
export const RANK_CANDIDATES = 1000;

/**
 * A page of published materials for the store, a merchant's pages or the home page: filtered by category (a level-1
 * category includes its children), merchant, newness and attribute facets; with facet counts on request, each facet
 * counted under the other facets' filters so a buyer sees what choosing a value would give.
 */
export async function findMaterials(query: MaterialQuery, options: FindOptions): Promise<MaterialPage> {
  // A fixed clock (tests of newness) must not be answered from, or leave, a copy made at another time.
  if (options.now) return listMaterials(query, options);
  const key = `${options.lang}:${query.page}:${query.size}:${query.sort}:${options.withFacets ? 'f' : ''}:${options.rankCandidates ?? ''}:${filterKey(query, options)}`;
  return cachedListing('pages', key, () => listMaterials(query, options));
}

async function listMaterials(query: MaterialQuery, options: FindOptions): Promise<MaterialPage> {
  const snapshot = await catalogueSnapshot();
  const now = options.now ?? new Date();
  const match = query.keywords ? keywordMatch(query.keywords, now) : null;
  // Keywords with nothing searchable in them (only punctuation) match nothing rather than everything.
  if (query.keywords && !match) return options.withFacets ? { records: [], total: 0, facets: [] } : { records: [], total: 0 };
  const base = baseConditions(query, snapshot, options.marketType, now);
  if (match) base.push(match.where);
  const matching = and(...base, ...facetConditions(query));
  const db = getDb();
  const newest = [desc(materials.gmtCreateTime), desc(materials.id)];
  // Unpriced materials and those listed in another currency have no price here: last both ways
  // (docs/product/catalogue.md#filtering-by-price).
  const price = listedPriceIn(marketCurrency(options.marketType), materials);
  // Ranking reads every hit's vector: for a broad word (皮, 24k hits at 100k materials) that is most of the time.
  // By relevance, only the newest RANK_CANDIDATES hits are ranked and listed (docs/product/search.md#how-results-are-ranked: rank a capped set).
  const ranked = query.sort === 'relevance' && match !== null;
  const where = ranked ? and(matching, inArray(materials.id, db.select({ id: materials.id }).from(materials).where(matching).orderBy(...newest).limit(options.rankCandidates ?? RANK_CANDIDATES))) : matching;
  const order =
    query.sort === 'priceAsc'
      ? [sql`${price} asc nulls last`, ...newest]
      : query.sort === 'priceDesc'
        ? [sql`${price} desc nulls last`, ...newest]
        : query.sort === 'name'
      ? options.lang === 'en'
        ? [asc(sql`lower(coalesce(nullif(${materials.nameEn}, ''), ${materials.nameCn}))`), asc(materials.id)]
        : [asc(materials.nameCn), asc(materials.id)]
      : ranked
        ? // Weighted rank (names A, category and supplier B, attributes C), ties newest first.
          [desc(match.rank), ...newest]
        : newest;

  const [rows, total, facets] = await Promise.all([
    selectTiles()
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    cachedListing('counts', `total:${ranked ? `ranked${options.rankCandidates ?? RANK_CANDIDATES}:` : ''}${filterKey(query, options)}`, async () => (await db.select({ n: sql<number>`count(*)::int` }).from(materials).where(where))[0]?.n ?? 0),
    options.withFacets ? cachedListing('counts', `facets:${options.lang}:${filterKey(query, options)}`, () => countFacets(query, base, snapshot, options.lang)) : Promise.resolve(undefined),
  ]);

  const records = await toCards(rows, wordsOf(options), now);
  return facets ? { records, total, facets } : { records, total };
}

/**
 * The tiles of the given materials, in the order of `ids` (ids not found are left out). For callers that choose
 * and order materials themselves (color search) and need the same tiles as the store; no filter is applied here.
 */
export async function materialCardsByIds(ids: number[], options: { lang: Lang; marketType?: MarketType; now?: Date }): Promise<MaterialCard[]> {
  if (ids.length === 0) return [];
  const rows = await selectTiles().where(inArray(materials.id, ids));
  const byId = new Map(rows.map((r) => [r.m.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return toCards(ordered, wordsOf(options), options.now ?? new Date());
}

/** The language tiles name materials in: the overseas market reads them in English (docs/product/markets.md#materials). */
function wordsOf(options: { lang: Lang; marketType?: MarketType }): Lang {
  return options.marketType === MARKET_TYPE.overseas ? 'en' : options.lang;
}

// Every column but the search vector (about a kilobyte a row that a tile never shows).
const { searchText: _searchText, ...tileColumns } = getTableColumns(materials);

/** A material with what its tile shows: cover, supplier name and logo. */
function selectTiles() {
  const logo = alias(images, 'logo');
  return getDb()
    .select({ m: tileColumns, cover: { id: images.id, width: images.width, height: images.height }, orgName: companies.orgName, orgNameEn: companies.nameEn, logo: { id: logo.id, width: logo.width, height: logo.height } })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.companyId))
    .leftJoin(images, eq(images.id, materials.coverImageId))
    .leftJoin(merchantProfiles, eq(merchantProfiles.companyId, materials.companyId))
    .leftJoin(logo, eq(logo.id, merchantProfiles.logoImageId));
}

type TileRow = Awaited<ReturnType<ReturnType<typeof selectTiles>['where']>>[number];

async function toCards(rows: TileRow[], lang: Lang, now: Date): Promise<MaterialCard[]> {
  const swatches = await colorsOf(rows.map((r) => r.m.id));
  const newSince = now.getTime() - NEW_MATERIAL_DAYS * 86_400_000;
  return rows.map(({ m, cover, orgName, orgNameEn, logo: logoImage }): MaterialCard => ({
    id: m.id,
    version: m.version,
    categoryId: m.categoryId,
    name: lang === 'en' && m.nameEn ? m.nameEn : m.nameCn,
    serialNo: m.serialNo,
    cover: cover?.id ? imageSources(cover, 'medium') : null,
    supplierInfo: { supplierId: m.companyId, supplierName: lang === 'en' && orgNameEn ? orgNameEn : orgName, supplierLogo: logoImage?.id ? imageSources(logoImage, 'micro') : null },
    price: m.price,
    currency: m.currency,
    priceUnit: m.priceUnit,
    colors: swatches.get(m.id) ?? [],
    colorCount: m.colorCount,
    isNew: m.gmtCreateTime.getTime() > newSince ? 1 : 0,
    gmtCreateTime: m.gmtCreateTime.toISOString(),
  }));
}

function baseConditions(query: MaterialQuery, snapshot: CatalogueSnapshot, marketType: MarketType, now: Date): SQL[] {
  const conditions: SQL[] = [publishedOn(marketType)];
  if (query.categoryId !== undefined) {
    const category = snapshot.categories.get(query.categoryId);
    if (!category) throw new AppError(ERROR.empty, { message: 'validation.categoryNotFound' });
    conditions.push(category.level === 1 ? eq(materials.rootCategoryId, category.id) : eq(materials.categoryId, category.id));
  }
  if (query.orgId !== undefined) conditions.push(eq(materials.companyId, query.orgId));
  if (query.isNew === 1) conditions.push(gt(materials.gmtCreateTime, new Date(now.getTime() - NEW_MATERIAL_DAYS * 86_400_000)));
  // A bound leaves out what has no comparable price: null for unpriced materials and other currencies.
  const price = listedPriceIn(marketCurrency(marketType), materials);
  if (query.minPrice !== undefined) conditions.push(sql`${price} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${price} <= ${query.maxPrice}`);
  return conditions;
}

function facetConditions(query: MaterialQuery, except?: MaterialFacet): SQL[] {
  return MATERIAL_FACETS.flatMap((facet) => {
    const values = query[facet];
    if (facet === except || !values || values.length === 0) return [];
    return [
      exists(
        getDb()
          .select({ one: sql`1` })
          .from(materialFacets)
          .where(and(eq(materialFacets.materialId, materials.id), eq(materialFacets.facet, facet), inArray(materialFacets.value, values))),
      ),
    ];
  });
}

/** The part of a query that decides which materials match (not the page or the order), as a cache key. */
function filterKey(query: MaterialQuery, options: FindOptions): string {
  const { page: _page, size: _size, sort: _sort, ...filter } = query;
  return `${options.marketType}:${JSON.stringify(filter)}`;
}

async function countFacets(query: MaterialQuery, base: SQL[], snapshot: CatalogueSnapshot, lang: Lang): Promise<FacetGroup[]> {
  const db = getDb();
  return Promise.all(
    MATERIAL_FACETS.map(async (facet) => {
      const rows = await db
        .select({ value: materialFacets.value, count: sql<number>`count(*)::int` })
        .from(materialFacets)
        .innerJoin(materials, eq(materials.id, materialFacets.materialId))
        .where(and(eq(materialFacets.facet, facet), ...base, ...facetConditions(query, facet)))
        .groupBy(materialFacets.value)
        .orderBy(desc(sql`count(*)`), asc(materialFacets.value));
      const dictionary = FACET_LABELS[facet];
      // A chosen value no material has any more still gets its name (and a zero), so its chip and its box can
      // say what it is and be unticked.
      const chosen = (query[facet] ?? []).filter((value) => !rows.some((r) => r.value === value)).map((value) => ({ value, count: 0 }));
      return {
        facet,
        values: [...rows, ...chosen].map((r) => ({ value: r.value, count: r.count, label: labelIn(snapshot, `${dictionary}:${r.value}`, lang) ?? r.value })),
      };
    }),
  );
}

async function colorsOf(ids: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (ids.length === 0) return result;
  const rows = await getDb()
    .select({ materialId: colorCards.materialId, hex: colorCards.hex })
    .from(colorCards)
    .where(inArray(colorCards.materialId, ids))
    .orderBy(asc(colorCards.materialId), desc(colorCards.isDefault), asc(colorCards.sort));
  for (const row of rows) {
    const list = result.get(row.materialId) ?? [];
    if (list.length < SWATCHES) list.push(row.hex);
    result.set(row.materialId, list);
  }
  return result;
}
