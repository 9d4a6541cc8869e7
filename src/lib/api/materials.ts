/**
 * Typed calls for materials. Islands call these, never a path: the path, the query encoding and the answer's
 * type (inferred from the route's contract) are decided here once.
 */
import type { MaterialDetail, MaterialPage } from '../contracts/materials';
import { MATERIAL_FACETS, type MaterialQuery } from '../material-query';
import { api, type CallOptions } from './client';

const M = '/idealab-material';

/** Where a document of a material's version downloads from: the route answers a redirect to a short-lived link. */
export const materialAttachmentHref = (materialId: number, version: number, index: number) => `/api${M}/material/attachment?materialId=${materialId}&version=${version}&index=${index}`;

/** A store query as the store route reads it: facets comma-separated, defaults left out. */
export function storeSearchParams(query: MaterialQuery): Record<string, string> {
  const params: Record<string, string> = { sort: query.sort, page: String(query.page), size: String(query.size) };
  if (query.keywords) params.keywords = query.keywords;
  if (query.categoryId) params.categoryId = String(query.categoryId);
  if (query.orgId) params.orgId = String(query.orgId);
  if (query.isNew) params.isNew = '1';
  if (query.minPrice !== undefined) params.minPrice = String(query.minPrice);
  if (query.maxPrice !== undefined) params.maxPrice = String(query.maxPrice);
  for (const facet of MATERIAL_FACETS) {
    const values = query[facet];
    if (values && values.length) params[facet] = values.join(',');
  }
  return params;
}

export const materialsApi = {
  /** A page of the store (facet counts with page 1). */
  store: (query: MaterialQuery, options?: CallOptions) => api.get<MaterialPage>(`${M}/open/v2/material/store`, { ...options, searchParams: storeSearchParams(query) }),
  /** One material at a version; -1 is the latest. */
  detail: (id: number, version = -1, options?: CallOptions) => api.post<MaterialDetail>(`${M}/open/v2/material/detail`, { id, version }, options),
};
