import { and, eq, isNull, sql } from 'drizzle-orm';
import { isLang, type Lang } from '../../i18n';
import { NEWS_KIND_GROUP } from '../../news-kinds';
import { getDb } from '../db/client';
import { companies, newsEmailSettings, notifications, users } from '../db/schema';
import { deliverMessage } from '../mail/deliver-message';
import { newsMessage } from '../mail/templates';
import { configuredOrigin } from '../request/public-origin';
import { describeNews } from './describe-news';

/**
 * Sends one notification by e-mail (the `deliver-news-email` job): through SMTP when configured, into the outbox
 * otherwise. Checked again when it runs, since the user may have changed their mind or address meanwhile; sent
 * once, so a retry after a crash past the send finds it done.
 */
export async function deliverNewsEmail(notificationId: number): Promise<'sent' | 'skipped'> {
  const db = getDb();
  const [row] = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      companyId: notifications.companyId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      companyName: companies.orgName,
      email: users.email,
      language: users.language,
      groups: newsEmailSettings.groups,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(newsEmailSettings, eq(newsEmailSettings.userId, notifications.userId))
    .leftJoin(companies, eq(companies.id, notifications.companyId))
    .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)));
  if (!row?.email || !Object.hasOwn(NEWS_KIND_GROUP, row.kind) || !(row.groups ?? []).includes(NEWS_KIND_GROUP[row.kind])) return 'skipped';
  const lang: Lang = isLang(row.language) ? row.language : 'cn';
  const [news] = describeNews([{ ...row, companyName: row.companyName ?? row.params.companyName ?? null }], lang);
  if (!news) return 'skipped';
  const origin = configuredOrigin();
  await deliverMessage({ channel: 'email', to: row.email, ...newsMessage(lang, news, origin) });
  await db.update(notifications).set({ emailedAt: sql`now()` }).where(eq(notifications.id, row.id));
  return 'sent';
}
