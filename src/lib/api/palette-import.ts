/** Typed calls for importing books of colors. The import screen shows failures inline, so the calls are silent. */
import type { PaletteImportReport, PaletteRemoved, PaletteSummary } from '../contracts/palette-import';
import { api, type CallOptions } from './client';

const A = '/idealab-material/admin/color-book';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export type PaletteImportForm = { key: string; nameCn: string; nameEn: string; file: File; commit: boolean };

export const paletteImportApi = {
  /** With `commit: false` nothing is written: the answer is what an import would do. */
  import: (form: PaletteImportForm, options?: CallOptions) => {
    const body = new FormData();
    body.append('key', form.key);
    body.append('nameCn', form.nameCn);
    body.append('nameEn', form.nameEn);
    body.append('commit', String(form.commit));
    body.append('file', form.file);
    return api.request<PaletteImportReport>('post', `${A}/import`, { ...quiet(options), body });
  },
  list: (options?: CallOptions) => api.get<PaletteSummary[]>(`${A}/list`, quiet(options)),
  remove: (key: string, options?: CallOptions) => api.post<PaletteRemoved>(`${A}/remove`, { key }, quiet(options)),
};
