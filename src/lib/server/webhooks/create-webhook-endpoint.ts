import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { WEBHOOK_LIMITS, WEBHOOK_SECRET_PREFIX, type WebhookCreate, type WebhookEndpoint } from '../../contracts/integrations-webhooks';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { AppError } from '../errors';
import { checkWebhookUrl } from './check-webhook-url';
import { describeWebhookEndpoints } from './list-webhook-endpoints';

/** The advisory-lock space of webhook registration (any fixed number no other lock uses). */
const LOCK_SPACE = 7_240_402;

/** A refused address, as the field error the form shows under it. */
export function assertWebhookUrl(url: string): void {
  const problem = checkWebhookUrl(url);
  if (problem) throw new AppError(ERROR.fieldInvalid, { message: problem, fields: [{ field: 'url', message: problem }] });
}

/**
 * Registers a webhook endpoint for the company (docs/product/integrations.md#webhooks) with a new signing secret,
 * returned here and shown this once. A company holds at most `perCompany` endpoints.
 */
export async function createWebhookEndpoint(actor: { companyId: number; userId: number }, input: WebhookCreate): Promise<{ secret: string; record: WebhookEndpoint }> {
  assertWebhookUrl(input.url);
  return getDb().transaction(async (tx) => {
    // One company's registrations queue behind each other, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${actor.companyId})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, actor.companyId));
    if (n >= WEBHOOK_LIMITS.perCompany) throw new AppError(ERROR.conflict, { message: 'validation.webhookLimit' });
    const secret = WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64url');
    const [row] = await tx.insert(webhookEndpoints).values({ companyId: actor.companyId, createdBy: actor.userId, url: input.url, description: input.description, events: input.events, secret }).returning();
    const [record] = await describeWebhookEndpoints(tx, [row!]);
    return { secret, record: record! };
  });
}
