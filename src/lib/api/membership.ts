/** Typed calls for membership (VIP packages and apps). */
import { api, type CallOptions } from './client';

/** The fields of the open answer islands read (the route documents the whole app). */
export interface OpenedApp {
  status: number;
  expireTime: string | null;
  requestedAt: string | null;
}

export const membershipApi = {
  openApp: (id: number, options?: CallOptions) => api.post<OpenedApp>('/idealab-material/vip/open/app', undefined, { ...options, searchParams: { id } }),
};
