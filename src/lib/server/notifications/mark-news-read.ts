import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NewsGroup } from '../../news-kinds';
import { kindsOfGroup } from '../../news-kinds';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { countUnreadNews } from './count-unread-news';
import { forgetNewsCounts } from './news-count-cache';

/**
 * Marks news read: the given ids, or with `all` every unread notification (of one group, when given). Only the
 * user's own rows change; ids of others' news are passed over as if unknown. Answers the unread count afterwards.
 */
export async function markNewsRead(userId: number, which: { ids: readonly number[] } | { all: true; group?: NewsGroup | undefined }): Promise<number> {
  const scope =
    'ids' in which
      ? inArray(notifications.id, [...which.ids])
      : which.group
        ? inArray(notifications.kind, kindsOfGroup(which.group))
        : undefined;
  await getDb()
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), scope));
  forgetNewsCounts();
  return countUnreadNews(userId);
}
