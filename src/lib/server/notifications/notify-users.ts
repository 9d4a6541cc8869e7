import { and, eq, inArray, sql } from 'drizzle-orm';
import { NEWS_KIND_GROUP, type NewsKind, type NewsParams } from '../../news-kinds';
import type { Database, Tx } from '../db/client';
import { newsEmailSettings, notifications, users } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';
import { forgetNewsCounts } from './news-count-cache';

export interface News {
  kind: NewsKind;
  params: NewsParams;
  /** The company the recipients hear of it through, when they do so as its members. */
  companyId?: number | null;
  /** Kept once per recipient: the same key again adds nothing (a share opened twice in a day). */
  dedupeKey?: string;
}

/**
 * Tells users what happened (docs/product/news.md), in the transaction of the event itself, so news exists if and
 * only if the event does. The recipients who want this group by e-mail, and have an address, get a delivery job in
 * the same transaction. Answers how many notifications were written.
 */
export async function notifyUsers(tx: Tx | Database, userIds: readonly number[], news: News): Promise<number> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return 0;
  const written = await tx
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, kind: news.kind, params: news.params, companyId: news.companyId ?? null, dedupeKey: news.dedupeKey ?? null })))
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
  if (written.length === 0) return 0;
  forgetNewsCounts();
  const group = NEWS_KIND_GROUP[news.kind];
  const mailed = await tx
    .select({ userId: newsEmailSettings.userId })
    .from(newsEmailSettings)
    .innerJoin(users, eq(users.id, newsEmailSettings.userId))
    .where(
      and(
        inArray(
          newsEmailSettings.userId,
          written.map((w) => w.userId),
        ),
        sql`${group} = any(${newsEmailSettings.groups})`,
        sql`${users.email} is not null`,
      ),
    );
  const wants = new Set(mailed.map((m) => m.userId));
  await enqueueJobs(
    'deliver-news-email',
    written.filter((w) => wants.has(w.userId)).map((w) => ({ notificationId: w.id })),
    { tx },
  );
  return written.length;
}
