import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { webhookNotFound } from './find-webhook-endpoint';

/** Removes an endpoint with its delivery log; tries still queued for it find nothing to do. */
export async function deleteWebhookEndpoint(companyId: number, id: number): Promise<void> {
  const gone = await getDb()
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw webhookNotFound();
}
