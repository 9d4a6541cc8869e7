import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEndpoint, WebhookUpdate } from '../../contracts/integrations-webhooks';
import { getDb } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { assertWebhookUrl } from './create-webhook-endpoint';
import { describeWebhookEndpoints } from './list-webhook-endpoints';
import { webhookNotFound } from './find-webhook-endpoint';

/**
 * Changes an endpoint's address, description, events or whether it is active. Deliveries already queued keep the
 * body they were made with and go to the address the endpoint has when each try runs; the secret stays.
 */
export async function updateWebhookEndpoint(companyId: number, input: WebhookUpdate): Promise<WebhookEndpoint> {
  assertWebhookUrl(input.url);
  const db = getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ url: input.url, description: input.description, events: input.events, active: input.active, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.companyId, companyId)))
    .returning();
  if (!row) throw webhookNotFound();
  const [record] = await describeWebhookEndpoints(db, [row]);
  return record!;
}
