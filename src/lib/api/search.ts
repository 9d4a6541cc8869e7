/** Typed calls for keyword search: words, typeahead and the caller's history. */
import type { SearchHistory, SearchWords, Suggestion } from '../contracts/search';
import { api, type CallOptions } from './client';

const S = '/idealab-material';

export const searchApi = {
  /** Hot words and the placeholder's shading words. */
  words: (options?: CallOptions) => api.get<SearchWords>(`${S}/open/v2/material/search/keyword`, options),
  suggest: (keywords: string, options?: CallOptions) => api.post<Suggestion[]>(`${S}/open/v2/material/search/suggest`, { keywords }, options),
  history: (topk: number, options?: CallOptions) => api.get<SearchHistory>(`${S}/v2/material/search/his-keyword`, { ...options, searchParams: { topk } }),
  /** Forgets one remembered word, or all of them without one. */
  forget: (word?: string, options?: CallOptions) =>
    api.get<{ deleted: number }>(`${S}/v2/material/search/his-keyword/del`, { ...options, ...(word === undefined ? {} : { searchParams: { word } }) }),
};
