/** Typed calls for merchants: lists and following. */
import type { FollowResult, MerchantPage, MerchantSearch } from '../contracts/merchants';
import { api, type CallOptions } from './client';

const M = '/idealab-material';

export const merchantsApi = {
  list: (search: Partial<MerchantSearch>, options?: CallOptions) => api.post<MerchantPage>(`${M}/open/v2/merchant/search/list`, search, options),
  follow: (supplierId: number, options?: CallOptions) => api.post<FollowResult>(`${M}/follow/add`, { supplierId }, options),
  unfollow: (supplierId: number, options?: CallOptions) => api.get<FollowResult>(`${M}/follow/remove`, { ...options, searchParams: { supplierId } }),
};
