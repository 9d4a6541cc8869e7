/** Typed calls for the buyer's sample bag. Its islands show failures inline, so the calls are silent by default. */
import type { SampleAddRequest, SampleAddResult, SampleBag, SampleItemRemoved, SampleItemsRemoved, SampleQuantityResult } from '../contracts/sampling-bag';
import { api, type CallOptions } from './client';

const B = '/idealab-material/buyer';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const sampleBagApi = {
  add: (body: SampleAddRequest, options?: CallOptions) => api.post<SampleAddResult>(`${B}/sample/bag/add`, body, quiet(options)),
  /** The whole bag, grouped by supplier. */
  list: (options?: CallOptions) => api.post<SampleBag>(`${B}/sample/bag/list`, {}, quiet(options)),
  setQuantity: (id: number, quantity: number, options?: CallOptions) => api.post<SampleQuantityResult>(`${B}/sampleItem/update/quantity`, { id, quantity }, quiet(options)),
  removeItem: (id: number, options?: CallOptions) => api.post<SampleItemRemoved>(`${B}/sampleItem/del`, { id }, quiet(options)),
  removeItems: (ids: number[], options?: CallOptions) => api.post<SampleItemsRemoved>(`${B}/sample/bag/del`, { ids }, quiet(options)),
};
