/**
 * The store's query (facets, sorts, page size) and its URL form: isomorphic and free of zod, because the store
 * island imports it and every byte of it ships to the browser. The schema that validates it is in
 * contracts/materials.ts.
 */

/** Attribute facets the store filters and counts by; each is a dictionary (province codes for shipFrom). */
export const MATERIAL_FACETS = ['colorFamily', 'season', 'product', 'shipFrom'] as const;
export type MaterialFacet = (typeof MATERIAL_FACETS)[number];
/**
 * `relevance` only means something with keywords (search); the store sorts by newest, name or listed price
 * (docs/product/catalogue.md#filtering-by-price).
 */
export const MATERIAL_SORTS = ['newest', 'name', 'priceAsc', 'priceDesc', 'relevance'] as const;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];
export const STORE_PAGE_SIZE = 24;
/** A material counts as new (docs/product/catalogue.md#data isNew) for this many days after it was published. */
export const NEW_MATERIAL_DAYS = 30;
/** The highest price a filter takes: the largest a listed price can be (12 digits, 2 after the point). */
export const PRICE_FILTER_MAX = 9_999_999_999.99;

export type MaterialQuery = {
  /** Search words (docs/product/catalogue.md#calls material/search); Chinese is matched by bigrams. */
  keywords?: string | undefined;
  categoryId?: number | undefined;
  orgId?: number | undefined;
  isNew?: number | undefined;
  colorFamily?: string[] | undefined;
  season?: string[] | undefined;
  product?: string[] | undefined;
  shipFrom?: string[] | undefined;
  /** Listed price bounds, inclusive, in the market's currency (docs/product/catalogue.md#filtering-by-price). */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: MaterialSort;
  page: number;
  size: number;
};

/** The query string a store URL carries for `query` (defaults left out, so shared links stay short). */
export function materialQueryString(query: Partial<MaterialQuery>): string {
  const params = new URLSearchParams();
  if (query.keywords) params.set('keywords', query.keywords);
  if (query.categoryId) params.set('categoryId', String(query.categoryId));
  for (const facet of MATERIAL_FACETS) {
    const values = query[facet];
    if (values && values.length > 0) params.set(facet, values.join(','));
  }
  if (query.isNew) params.set('isNew', '1');
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.sort && query.sort !== (query.keywords ? 'relevance' : 'newest')) params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}


/** Why a price range cannot filter the store: a bound that is not a number from 0 to PRICE_FILTER_MAX, or min above max. */
export type PriceRangeProblem = { field: 'minPrice' | 'maxPrice'; problem: 'price' | 'tooBig' | 'priceRange' };
/** Price boxes the server could not use (sent without script): what was typed, kept in the boxes, and why. */
export type RefusedPrice = { min: string; max: string; problem: PriceRangeProblem };

/**
 * A price bound as typed (an empty box is no bound) or as a query carries it. The contract applies the same rule, so
 * the store's box refuses what the server would.
 */
export function readPriceBound(value: string | number | undefined): number | undefined | 'price' | 'tooBig' {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? value : value.trim();
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) return 'price';
  return n > PRICE_FILTER_MAX ? 'tooBig' : n;
}

/** The range two boxes describe, or what is wrong with it (the first problem found). */
export function readPriceRange(min: string | number | undefined, max: string | number | undefined): { minPrice?: number; maxPrice?: number } | PriceRangeProblem {
  const low = readPriceBound(min);
  if (typeof low === 'string') return { field: 'minPrice', problem: low };
  const high = readPriceBound(max);
  if (typeof high === 'string') return { field: 'maxPrice', problem: high };
  if (low !== undefined && high !== undefined && low > high) return { field: 'maxPrice', problem: 'priceRange' };
  return { minPrice: low, maxPrice: high };
}
