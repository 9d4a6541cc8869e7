/**
 * Typed calls for the bulk import of materials (docs/product/integrations.md#bulk-import). The import screen shows
 * failures inline, so the calls are silent.
 */
import type { MaterialImportCheck, MaterialImportRowPage, MaterialImportStatus } from '../contracts/material-import';
import { api, type CallOptions } from './client';

const I = '/idealab-material/v2/material/import';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export type MaterialImportForm = { file: File; images: File | null; categoryId: number | null; marketType: 1 | 2 };

export const materialImportApi = {
  /** The dry run: nothing of the catalogue changes. */
  check: (form: MaterialImportForm, options?: CallOptions) => {
    const body = new FormData();
    body.append('file', form.file);
    if (form.images) body.append('images', form.images);
    if (form.categoryId) body.append('categoryId', String(form.categoryId));
    body.append('marketType', String(form.marketType));
    return api.request<MaterialImportCheck>('post', `${I}/check`, { ...quiet(options), body });
  },
  rows: (importId: number, page: number, only: 'all' | 'error', options?: CallOptions) =>
    api.get<MaterialImportRowPage>(`${I}/rows`, { ...quiet(options), searchParams: { importId, page, only } }),
  start: (importId: number, options?: CallOptions) => api.post<MaterialImportStatus>(`${I}/start`, { importId }, quiet(options)),
  status: (importId: number, options?: CallOptions) => api.get<MaterialImportStatus>(`${I}/status`, { ...quiet(options), searchParams: { importId } }),
  /** Where the browser downloads a category's template (a file, not the envelope: a plain link). */
  templateUrl: (categoryId: number, marketType: 1 | 2) => `/api${I}/template?categoryId=${categoryId}&marketType=${marketType}`,
};
