import { and, eq, isNull, sql } from 'drizzle-orm';
import { NEWS_BADGE_MAX } from '../../news-kinds';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { cachedNewsCount } from './news-count-cache';

/**
 * How many of a user's notifications are unread, counted up to one past the badge's cap (the header shows "99+"),
 * so a user with thousands unread costs the same small index scan; kept for a few seconds (news-count-cache.ts).
 */
export function countUnreadNews(userId: number): Promise<number> {
  return cachedNewsCount(userId, async () => {
    const unread = getDb()
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .limit(NEWS_BADGE_MAX + 1)
      .as('unread');
    const [row] = await getDb().select({ n: sql<number>`count(*)::int` }).from(unread);
    return row?.n ?? 0;
  });
}
