/**
 * Typed calls for a company's API tokens (docs/product/integrations.md#api-tokens), after
 * `lib/contracts/integrations-api-tokens.ts`. Silent: the panel shows what went wrong where it happened.
 */
import type { ApiToken, ApiTokenExpiryDays, ApiTokenScope } from '../contracts/integrations-api-tokens';
import { api } from './client';
import type { Page } from './companies';

export type { ApiToken, ApiTokenScope };

const A = '/authcenter/api-token';

/** The page that documents every API call (Swagger UI over `/api/openapi.json`). */
export const API_DOCS_URL = '/api/docs';

export const apiTokensApi = {
  page: async (page: number, size: number) => (await api.post<Page<ApiToken>>(`${A}/list`, { page, size }, { silent: true })) ?? { records: [], total: 0 },
  create: async (input: { name: string; scopes: ApiTokenScope[]; expiresInDays: ApiTokenExpiryDays | null }) => (await api.post<{ token: string; record: ApiToken }>(`${A}/create`, input, { silent: true }))!,
  revoke: (id: number) => api.post<null>(`${A}/revoke`, { id }, { silent: true }),
};
