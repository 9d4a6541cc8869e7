import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, eq, inArray } from 'drizzle-orm';
import type { WebhookEvent } from '../../contracts/integrations-webhooks-rules';
import type { Database, Tx } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';

/** What every delivery's body holds (docs/product/integrations.md#payload). */
export type WebhookBody = { id: string; event: string; createdAt: string; companyId: number; data: Record<string, unknown> };

export type WebhookOccurrence = { event: WebhookEvent; data: Record<string, unknown> };

/**
 * Queues a delivery of each event to every active endpoint of the given companies that subscribes to it, in the
 * caller's transaction: the deliveries exist if and only if the change that caused them commits. One event shares
 * its id across the endpoints it reaches; each company's endpoints get a body naming that company. One query finds
 * the endpoints for all the events, so a change to many materials looks them up once.
 */
export async function emitWebhookEvents(tx: Tx | Database, companyIds: (number | null | undefined)[], occurrences: WebhookOccurrence[], now: Date = new Date()): Promise<number> {
  const companies = [...new Set(companyIds.filter((id): id is number => typeof id === 'number'))];
  if (companies.length === 0 || occurrences.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.companyId, companies), eq(webhookEndpoints.active, true), arrayOverlaps(webhookEndpoints.events, [...new Set(occurrences.map((o) => o.event))])));
  if (endpoints.length === 0) return 0;
  const rows = occurrences.flatMap(({ event, data }) => {
    const id = randomUUID();
    return endpoints
      .filter((e) => e.events.includes(event))
      .map((e) => ({ endpointId: e.id, event, eventId: id, state: 'pending', body: JSON.stringify({ id, event, createdAt: now.toISOString(), companyId: e.companyId, data } satisfies WebhookBody) }));
  });
  const made = await tx.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
  return enqueueJobs('deliver-webhook', made.map((r) => ({ deliveryId: r.id, attempt: 1 })), { tx });
}
