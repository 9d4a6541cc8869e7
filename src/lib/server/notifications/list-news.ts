import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NewsListQuery, NewsPage } from '../../contracts/notifications';
import type { Lang } from '../../i18n';
import { kindsOfGroup, NEWS_GROUPS, NEWS_KIND_GROUP, type NewsGroup } from '../../news-kinds';
import { getDb } from '../db/client';
import { companies, notifications } from '../db/schema';
import { describeNews } from './describe-news';

/**
 * A page of a user's news, newest first, optionally of one group or only unread, with the unread counts per group
 * for the page's filter (docs/product/news.md#the-news-page).
 */
export async function listNews(userId: number, query: NewsListQuery, lang: Lang): Promise<NewsPage> {
  const db = getDb();
  const where = and(
    eq(notifications.userId, userId),
    query.group ? inArray(notifications.kind, kindsOfGroup(query.group)) : undefined,
    query.unread ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total], unreadKinds] = await Promise.all([
    db
      .select({ id: notifications.id, kind: notifications.kind, params: notifications.params, companyId: notifications.companyId, readAt: notifications.readAt, createdAt: notifications.createdAt, companyName: companies.orgName })
      .from(notifications)
      .leftJoin(companies, eq(companies.id, notifications.companyId))
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ kind: notifications.kind, n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .groupBy(notifications.kind),
  ]);
  const unreadByGroup = Object.fromEntries(NEWS_GROUPS.map((g) => [g, 0])) as Record<NewsGroup, number>;
  for (const { kind, n } of unreadKinds) {
    // A kind this version no longer knows is left out of the counts as it is out of the list's filters.
    if (Object.hasOwn(NEWS_KIND_GROUP, kind)) unreadByGroup[NEWS_KIND_GROUP[kind]] += n;
  }
  return {
    records: describeNews(
      rows.map((r) => ({ ...r, companyName: r.companyName ?? r.params.companyName ?? null })),
      lang,
    ),
    total: total?.n ?? 0,
    unread: Object.values(unreadByGroup).reduce((a, b) => a + b, 0),
    unreadByGroup,
  };
}
