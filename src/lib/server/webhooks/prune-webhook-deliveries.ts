import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { env } from '../env';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes deliveries (with their tries) older than `retentionDays` days (docs/product/integrations.md#delivery-log). */
export async function pruneWebhookDeliveries(retentionDays: number = env().WEBHOOK_LOG_DAYS, now: Date = new Date()): Promise<number> {
  const deleted = await getDb()
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, new Date(now.getTime() - retentionDays * DAY_MS)));
  return deleted.rowCount ?? 0;
}
