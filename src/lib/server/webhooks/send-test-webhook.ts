import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDelivery } from '../../contracts/integrations-webhooks';
import { getDb } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { enqueueJob } from '../jobs/enqueue-job';
import { consumeLimit } from '../security/rate-limit';
import type { WebhookBody } from './emit-webhook-event';
import { findWebhookEndpoint } from './find-webhook-endpoint';
import { toWebhookDelivery } from './list-webhook-deliveries';

/**
 * "Send test" (docs/product/integrations.md#delivery-log): a `webhook.test` delivery to one endpoint, active or
 * paused, signed and retried like any other, so the company sees in the log what its receiver answers.
 */
export async function sendTestWebhook(companyId: number, endpointId: number, now: Date = new Date()): Promise<WebhookDelivery> {
  const db = getDb();
  const endpoint = await findWebhookEndpoint(db, companyId, endpointId);
  await consumeLimit('webhook.test', String(endpoint.id));
  const id = randomUUID();
  const body: WebhookBody = { id, event: WEBHOOK_TEST_EVENT, createdAt: now.toISOString(), companyId, data: { endpointId: endpoint.id, message: 'A test delivery from MatLib.' } };
  const row = await db.transaction(async (tx) => {
    const [made] = await tx.insert(webhookDeliveries).values({ endpointId: endpoint.id, event: WEBHOOK_TEST_EVENT, eventId: id, state: 'pending', body: JSON.stringify(body) }).returning();
    await enqueueJob('deliver-webhook', { deliveryId: made!.id, attempt: 1 }, { tx });
    return made!;
  });
  return toWebhookDelivery(row, []);
}
