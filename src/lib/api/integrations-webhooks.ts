/**
 * Typed calls for a company's webhooks (docs/product/integrations.md#webhooks), after
 * `lib/contracts/integrations-webhooks.ts`. Silent: the panel shows what went wrong where it happened.
 */
import type { WebhookCreate, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../contracts/integrations-webhooks';
import { api } from './client';
import type { Page } from './companies';

export type { WebhookDelivery, WebhookEndpoint, WebhookEvent };

const A = '/authcenter/webhook';
const silent = { silent: true } as const;

export const webhooksApi = {
  page: async (page: number, size: number) => (await api.post<Page<WebhookEndpoint>>(`${A}/list`, { page, size }, silent)) ?? { records: [], total: 0 },
  create: async (input: WebhookCreate) => (await api.post<{ secret: string; record: WebhookEndpoint }>(`${A}/create`, input, silent))!,
  update: async (input: WebhookCreate & { id: number; active: boolean }) => (await api.post<WebhookEndpoint>(`${A}/update`, input, silent))!,
  remove: (id: number) => api.post<null>(`${A}/delete`, { id }, silent),
  test: async (id: number) => (await api.post<WebhookDelivery>(`${A}/test`, { id }, silent))!,
  deliveries: async (endpointId: number, page: number, size: number) => (await api.post<Page<WebhookDelivery>>(`${A}/deliveries`, { endpointId, page, size }, silent)) ?? { records: [], total: 0 },
  redeliver: async (id: number) => (await api.post<WebhookDelivery>(`${A}/redeliver`, { id }, silent))!,
};
