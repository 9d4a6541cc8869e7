/** Typed calls for the buyer's address book. Its islands show failures inline, so the calls are silent by default. */
import type { AddressDefault, AddressRemoved, AddressRequest, ShippingAddress } from '../contracts/sampling-addresses';
import { api, type CallOptions } from './client';

const A = '/idealab-material/buyer/address';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const addressesApi = {
  list: (options?: CallOptions) => api.get<ShippingAddress[]>(`${A}/list`, quiet(options)),
  add: (body: AddressRequest, options?: CallOptions) => api.post<ShippingAddress>(`${A}/add`, body, quiet(options)),
  update: (id: number, body: AddressRequest, options?: CallOptions) => api.post<ShippingAddress>(`${A}/update`, { id, ...body }, quiet(options)),
  remove: (id: number, options?: CallOptions) => api.post<AddressRemoved>(`${A}/remove`, { id }, quiet(options)),
  makeDefault: (id: number, options?: CallOptions) => api.post<AddressDefault>(`${A}/default`, { id }, quiet(options)),
};
