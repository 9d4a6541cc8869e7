import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import type { WebhookEvent } from '../../contracts/integrations-webhooks-rules';
import type { Database, Tx } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';

/** What every delivery's body holds (docs/product/integrations.md#payload). */
export type WebhookBody = { id: string; event: string; createdAt: string; companyId: number; data: Record<string, unknown> };

/**
 * Queues a delivery of `event` to every active endpoint of the given companies that subscribes to it, in the
 * caller's transaction: the deliveries exist if and only if the change that caused them commits. Each company's
 * endpoints get a body naming that company; all of them share one event id.
 */
export async function emitWebhookEvent(tx: Tx | Database, companyIds: (number | null | undefined)[], event: WebhookEvent, data: Record<string, unknown>, now: Date = new Date()): Promise<number> {
  const companies = [...new Set(companyIds.filter((id): id is number => typeof id === 'number'))];
  if (companies.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.companyId, companies), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [event])));
  if (endpoints.length === 0) return 0;
  const id = randomUUID();
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ endpointId: e.id, event, eventId: id, state: 'pending', body: JSON.stringify({ id, event, createdAt: now.toISOString(), companyId: e.companyId, data } satisfies WebhookBody) })))
    .returning({ id: webhookDeliveries.id });
  return enqueueJobs('deliver-webhook', rows.map((r) => ({ deliveryId: r.id, attempt: 1 })), { tx });
}
