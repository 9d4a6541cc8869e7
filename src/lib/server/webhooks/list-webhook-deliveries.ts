import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { WebhookDelivery, WebhookDeliveryState } from '../../contracts/integrations-webhooks';
import { getDb } from '../db/client';
import { webhookAttempts, webhookDeliveries } from '../db/schema';
import { findWebhookEndpoint } from './find-webhook-endpoint';

type AttemptRow = typeof webhookAttempts.$inferSelect;

export const toWebhookDelivery = (row: typeof webhookDeliveries.$inferSelect, attempts: AttemptRow[]): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  eventId: row.eventId,
  state: row.state as WebhookDeliveryState,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  body: row.body,
  attempts: attempts.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, response: a.response, at: a.createdAt.toISOString() })),
});

/**
 * One page of an endpoint's delivery log, newest first, each delivery with every try it took
 * (docs/product/integrations.md#delivery-log): at most `WEBHOOK_LIMITS.attempts` tries a delivery.
 */
export async function listWebhookDeliveries(companyId: number, endpointId: number, page: number, size: number): Promise<{ records: WebhookDelivery[]; total: number }> {
  const db = getDb();
  await findWebhookEndpoint(db, companyId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  const rows = await db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(size).offset((page - 1) * size);
  const attempts = rows.length ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(asc(webhookAttempts.attempt)) : [];
  return { total, records: rows.map((r) => toWebhookDelivery(r, attempts.filter((a) => a.deliveryId === r.id))) };
}
