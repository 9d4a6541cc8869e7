import { and, eq, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { AppError } from '../errors';
import { describeNews } from './describe-news';
import { forgetNewsCounts } from './news-count-cache';

/**
 * Opens one of a user's notifications from the news page: marks it read and answers where it leads (null when it
 * leads nowhere). Another user's notification is "not found", like one that does not exist.
 */
export async function openNews(userId: number, id: number, lang: Lang): Promise<string | null> {
  const [row] = await getDb()
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.newsNotFound' });
  forgetNewsCounts();
  return describeNews([{ ...row, companyName: null }], lang)[0]?.link ?? null;
}
