import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { analyticsEvents, clientErrors, sampleBagAdds } from '../db/schema';
import { env } from '../env';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the usage data received more than `retentionDays` days before `now` (docs/product/insights.md#retention):
 * usage events, error-log entries and the sample bag's timeline. Answers how many rows went. The server's receiving
 * time decides, not the client's `time`, which a sender could set far in the future to keep its rows forever.
 */
export async function pruneEvents(retentionDays: number = env().ANALYTICS_RETENTION_DAYS, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const db = getDb();
  const [events, errors, adds] = await Promise.all([
    db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff)),
    db.delete(clientErrors).where(lt(clientErrors.receivedAt, cutoff)),
    db.delete(sampleBagAdds).where(lt(sampleBagAdds.at, cutoff)),
  ]);
  return (events.rowCount ?? 0) + (errors.rowCount ?? 0) + (adds.rowCount ?? 0);
}
