import { and, asc, eq } from 'drizzle-orm';
import type { WebhookDelivery } from '../../contracts/integrations-webhooks';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { toWebhookDelivery } from './list-webhook-deliveries';

/**
 * Tries a failed delivery once more, at once, with the same body and event id (docs/product/integrations.md#retries).
 * The log keeps the earlier tries; the new one is numbered after them. Only a failed delivery is sent again: a
 * delivered one would reach the receiver twice, a pending one is still being tried.
 */
export async function redeliverWebhook(companyId: number, deliveryId: number): Promise<WebhookDelivery> {
  return getDb().transaction(async (tx) => {
    const [found] = await tx
      .select({ d: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.companyId, companyId)))
      .for('update');
    if (!found) throw new AppError(ERROR.empty, { message: 'validation.webhookDeliveryNotFound' });
    if (found.d.state !== 'failed') throw new AppError(ERROR.conflict, { message: 'validation.webhookDeliveryNotFailed', data: { state: found.d.state } });
    const [row] = await tx.update(webhookDeliveries).set({ state: 'pending', finishedAt: null, nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId)).returning();
    await enqueueJob('deliver-webhook', { deliveryId, attempt: found.d.attempts + 1 }, { tx });
    const attempts = await tx.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
    return toWebhookDelivery(row!, attempts);
  });
}
