/** Typed calls for membership (VIP packages and apps), over the types of contracts/membership.ts. */
import type { MembershipApp } from '../contracts/membership';
import { api, type CallOptions } from './client';

export const membershipApi = {
  openApp: (id: number, options?: CallOptions) => api.post<MembershipApp>('/idealab-material/vip/open/app', undefined, { ...options, searchParams: { id } }),
};
