/**
 * Typed calls for the enterprise library and pass tokens (docs/product/enterprise-library.md), after
 * `lib/contracts/enterprise-library.ts`. Silent: the library's pages show what went wrong where it happened.
 */
import type { LibraryItem, LibraryPage, LibraryPermission, PassToken, RelatedLibrary } from '../contracts/enterprise-library';
import type { MaterialDetail } from '../contracts/materials';
import { LIBRARY_PAGE_SIZE } from '../contracts/enterprise-library-rules';
import { api } from './client';

export type { LibraryItem, LibraryPage, LibraryPermission, PassToken, RelatedLibrary };

const L = '/libcenter/library';
const silent = { silent: true } as const;

export const enterpriseLibraryApi = {
  /** Companies whose library the caller can use, the current one first. */
  libraries: async () => (await api.get<RelatedLibrary[]>('/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', silent)) ?? [],
  rights: async (companyIds: number[]) => (await api.post<LibraryPermission[]>('/authcenter/checkEnterpriseLibraryPermissionsByIds', { companyIds }, silent)) ?? [],
  list: async (query: { page: number; size?: number; keyword?: string; supplierId?: number; categoryId?: number }) =>
    (await api.post<LibraryPage>(`${L}/list`, { size: LIBRARY_PAGE_SIZE, ...query }, silent)) ?? { records: [], total: 0 },
  push: async (materialIds: number[]) => (await api.post<{ pushed: number; already: number }>(`${L}/push`, { materialIds }, silent)) ?? null,
  remove: async (materialIds: number[]) => (await api.post<number>(`${L}/remove`, { materialIds }, silent)) ?? 0,
  libraryPassToken: async (materialId: number) => (await api.post<PassToken>(`${L}/pass-token`, { materialId }, silent)) ?? null,
  sourcePassToken: async (materialId: number) => (await api.post<PassToken>('/idealab-material/v2/material/pass-token', { materialId }, silent)) ?? null,
  /** The viewer's side: what a token handed to them opens. */
  openLibraryPassToken: async (token: string) => (await api.post<MaterialDetail>('/bff-center/showCommon/getMaterialByLabPassToken', { token }, silent)) ?? null,
  openSourcePassToken: async (token: string) => (await api.post<MaterialDetail>('/bff-center/showCommon/getMaterialBySourcePassToken', { token }, silent)) ?? null,
};
