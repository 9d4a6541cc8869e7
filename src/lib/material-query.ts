/**
 * The store's query (facets, sorts, page size) and its URL form: isomorphic and free of zod, because the store
 * island imports it and every byte of it ships to the browser. The schema that validates it is in
 * contracts/materials.ts.
 */

/** Attribute facets the store filters and counts by; each is a dictionary (province codes for shipFrom). */
export const MATERIAL_FACETS = ['colorFamily', 'season', 'product', 'shipFrom'] as const;
export type MaterialFacet = (typeof MATERIAL_FACETS)[number];
/** `relevance` only means something with keywords (search); the store sorts by newest or name. */
export const MATERIAL_SORTS = ['newest', 'name', 'relevance'] as const;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];
export const STORE_PAGE_SIZE = 24;
/** A material counts as new (docs/product/catalogue.md#data isNew) for this many days after it was published. */
export const NEW_MATERIAL_DAYS = 30;

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
  if (query.sort && query.sort !== (query.keywords ? 'relevance' : 'newest')) params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

