/**
 * Typed calls for color-card books, on the caller's role path (docs/api-paths.md): a supplier at work keeps the
 * company's books. The islands show failures inline, so the calls are silent unless the caller says otherwise.
 */
import type { ColorBelongResult, ColorBook, ColorBookPage, ColorRefInput } from '../contracts/color-library';
import { api, type CallOptions } from './client';
import { rolePath } from './role-path';

const B = '/idealab-material/color/card/book';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const colorBooksApi = {
  list: (keyword = '', options?: CallOptions) => api.get<ColorBookPage>(rolePath(`${B}/list`), { ...quiet(options), searchParams: keyword ? { keyword } : {} }),
  add: (name: string, options?: CallOptions) => api.post<ColorBook>(rolePath(`${B}/add`), { name }, quiet(options)),
  rename: (id: number, name: string, options?: CallOptions) => api.post<ColorBook>(rolePath(`${B}/rename`), { id, name }, quiet(options)),
  remove: (id: number, options?: CallOptions) => api.get<{ id: number }>(rolePath(`${B}/delete`), { ...quiet(options), searchParams: { id } }),
  addColors: (bookId: number, colors: ColorRefInput[], options?: CallOptions) =>
    api.post<{ added: number; count: number }>(rolePath(`${B}/color/add`), { bookId, colors }, quiet(options)),
  removeColors: (bookId: number, colorIds: number[], options?: CallOptions) =>
    api.post<{ removed: number; count: number }>(rolePath(`${B}/color/remove`), { bookId, colorIds }, quiet(options)),
  /** Which of the caller's books hold each color; the path's user type is the caller's. */
  belong: (colors: ColorRefInput[], userType: number, options?: CallOptions) => api.post<ColorBelongResult>(rolePath(`${B}/belong/${userType}`), colors, quiet(options)),
  /** Where the browser downloads a book as a file. */
  exportHref: (id: number, format: 'ase' | 'csv') => `/api${rolePath(`${B}/export`)}?id=${id}&format=${format}`,
};
