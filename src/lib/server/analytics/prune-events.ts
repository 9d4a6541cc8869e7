import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { analyticsEvents } from '../db/schema';
import { env } from '../env';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the usage events received more than `retentionDays` days before `now` and answers how many went. The
 * server's receiving time decides, not the client's `time`, which a sender could set far in the future to keep
 * its rows forever.
 */
export async function pruneEvents(retentionDays: number = env().ANALYTICS_RETENTION_DAYS, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await getDb().delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff));
  return deleted.rowCount ?? 0;
}
