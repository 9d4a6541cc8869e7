/** Typed call for the photo search: the photo goes up as multipart form data. */
import type { ImageSearchAnswer } from '../contracts/image-search';
import { api, type CallOptions } from './client';

export type ImageSearchForm = { file: File; region?: string; categoryId?: number; page?: number; size?: number };

export const imageSearchApi = {
  search: (form: ImageSearchForm, options?: CallOptions) => {
    const body = new FormData();
    body.append('file', form.file);
    for (const key of ['region', 'categoryId', 'page', 'size'] as const) if (form[key] !== undefined) body.append(key, String(form[key]));
    return api.request<ImageSearchAnswer>('post', '/idealab-material/open/v2/material/search/pic', { ...options, body });
  },
};
