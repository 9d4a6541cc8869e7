/**
 * Typed calls for the supplier homepage (docs/product/merchant-homepage.md#calls). The builder shows failures beside
 * the modules they concern, so the calls are silent unless the caller says otherwise.
 */
import type { Homepage, HomepagePath, HomepageTemplate, HomepageTemplateModules, HomepageUpdateRequest } from '../contracts/merchant-homepage';
import { api, type CallOptions } from './client';

const H = '/idealab-material/merchant/home';
const T = '/idealab-material/mch/home/temp';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const merchantHomepageApi = {
  get: (options?: CallOptions) => api.get<Homepage>(`${H}/get`, quiet(options)),
  saveDraft: (body: HomepageUpdateRequest, options?: CallOptions) => api.post<Homepage>(`${H}/update`, body, quiet(options)),
  publish: (orgId: number, options?: CallOptions) => api.post<Homepage>(`${H}/publish`, { orgId }, quiet(options)),
  path: (options?: CallOptions) => api.get<HomepagePath>(`${H}/get/path`, quiet(options)),
  template: (id: number, options?: CallOptions) => api.get<HomepageTemplateModules>(`${T}/get/${id}`, quiet(options)),
  templateDetail: (id: number, options?: CallOptions) => api.get<HomepageTemplate>(`${T}/detail/${id}`, quiet(options)),
};
