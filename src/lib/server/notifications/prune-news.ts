import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { env } from '../env';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes news older than `retentionDays` days, read or not (docs/product/news.md#rules), and answers how many went. */
export async function pruneNews(retentionDays: number = env().NEWS_RETENTION_DAYS, now: Date = new Date()): Promise<number> {
  const deleted = await getDb()
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(now.getTime() - retentionDays * DAY_MS)));
  return deleted.rowCount ?? 0;
}
