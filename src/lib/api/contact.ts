/** The "contact us" form's call (docs/product/contact.md), after `lib/contracts/contact.ts`. */
import type { ContactInput } from '../contracts/contact';
import { api, type CallOptions } from './client';

export type { ContactInput };

export const contactApi = {
  send: (input: ContactInput, options?: CallOptions) => api.post<null>('/idealab-material/open/contact/add', input, { silent: true, ...options }),
};
