/** Typed calls for material books (docs/product/material-books.md#calls); failures are shown inline by the islands. */
import type { MaterialBook, MaterialBookEdit } from '../contracts/material-books';
import type { SupplierMaterialPage } from '../contracts/material-edit';
import { api, type CallOptions } from './client';
import { supplierListParams } from './supplier-materials';

const B = '/idealab-material/material/book';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const materialBooksApi = {
  add: (name: string, options?: CallOptions) => api.post<MaterialBook>(`${B}/add`, { name }, quiet(options)),
  rename: (id: number, name: string, options?: CallOptions) => api.post<MaterialBook>(`${B}/rename`, { id, name }, quiet(options)),
  edit: (edit: MaterialBookEdit, options?: CallOptions) => api.post<MaterialBook>(`${B}/edit`, edit, quiet(options)),
  remove: (id: number, options?: CallOptions) => api.post<{ id: number }>(`${B}/delete`, { id }, quiet(options)),
  putOn: (ids: number[], options?: CallOptions) => api.post<{ changed: number }>('/idealab-material/open/market/v1.4/materalbook/batch/on', { ids }, quiet(options)),
  takeOff: (ids: number[], options?: CallOptions) => api.post<{ changed: number }>('/idealab-material/open/market/materalbook/batch/of', { ids }, quiet(options)),
  collect: (id: number, collect: boolean, options?: CallOptions) => api.post<{ collected: boolean }>(`${B}/collect`, { id, collect }, quiet(options)),
  /** The company's own materials, for the editor's search. */
  ownMaterials: (keywords: string, options?: CallOptions) =>
    api.get<SupplierMaterialPage>('/idealab-material/v2/material/supplier/list', { ...quiet(options), searchParams: supplierListParams({ keywords, size: 20 }) }),
};
