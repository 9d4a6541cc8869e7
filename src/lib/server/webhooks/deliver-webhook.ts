import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '../../contracts/integrations-webhooks-rules';
import { getDb } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { env } from '../env';
import { enqueueJob } from '../jobs/enqueue-job';
import { postWebhook } from './post-webhook';
import { signWebhookBody } from './sign-webhook-body';

/** Seconds before try `attempt` + 1: the base, then four times longer each time (30 s, 2 min, 8 min, 32 min, 2 h). */
function webhookRetryDelay(attempt: number, base: number = env().WEBHOOK_RETRY_SECONDS): number {
  return base * 4 ** (attempt - 1);
}

/**
 * Makes try `attempt` of a delivery (docs/product/integrations.md#retries) and records it. A 2xx answer delivers it;
 * anything else queues the next try after its delay, until the last try fails it. A job for a try that is no longer
 * due (the delivery moved on, or a redelivery started over) does nothing, so a try is never made twice.
 */
export async function deliverWebhook(deliveryId: number, attempt: number): Promise<void> {
  const db = getDb();
  const [due] = await db
    .select({ event: webhookDeliveries.event, eventId: webhookDeliveries.eventId, body: webhookDeliveries.body, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.attempts, attempt - 1)));
  if (!due) return;
  const answer = await postWebhook(due.url, { [WEBHOOK_HEADERS.signature]: signWebhookBody(due.secret, due.body), [WEBHOOK_HEADERS.event]: due.event, [WEBHOOK_HEADERS.delivery]: due.eventId }, due.body);
  const delivered = answer.error === null;
  const last = attempt >= WEBHOOK_LIMITS.attempts;
  const delay = webhookRetryDelay(attempt);
  await db.transaction(async (tx) => {
    // The unique (delivery, attempt) key turns a try recorded meanwhile by another worker into no change at all.
    const recorded = await tx
      .insert(webhookAttempts)
      .values({ deliveryId, attempt, statusCode: answer.statusCode, error: answer.error, durationMs: answer.durationMs, response: answer.response })
      .onConflictDoNothing()
      .returning({ id: webhookAttempts.id });
    if (recorded.length === 0) return;
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        state: delivered ? 'delivered' : last ? 'failed' : 'pending',
        nextAttemptAt: delivered || last ? null : sql`now() + ${delay} * interval '1 second'`,
        finishedAt: delivered || last ? sql`now()` : null,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!delivered && !last) await enqueueJob('deliver-webhook', { deliveryId, attempt: attempt + 1 }, { tx, startAfter: delay });
  });
}
