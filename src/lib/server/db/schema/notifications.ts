import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NewsKind, NewsParams } from '../../../news-kinds';
import { companies } from './companies';
import { users } from './identity';
import { bigintId, clearedRef, createdAt, identityKey, moment, ownerRef, writtenAt } from './columns';

/**
 * What happened that concerns a user (docs/product/news.md): one row per recipient, written in the transaction of
 * the event itself. The text is made when it is read, in the reader's language, from the kind and what `params`
 * recorded at the time (names are copied, so a renamed material still reads as it was called).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    kind: text('kind').$type<NewsKind>().notNull(),
    /** The company the event concerns the user through (a supplier's request, a company's membership); null for the user's own. */
    companyId: clearedRef('company_id', () => companies.id),
    params: jsonb('params').$type<NewsParams>().notNull().default({}),
    /** Events that may repeat (a share opened again, a membership reminder) are kept once per key and user. */
    dedupeKey: text('dedupe_key'),
    readAt: moment('read_at'),
    /** When its e-mail went out (or into the outbox); null when none was due or it is still queued. */
    emailedAt: moment('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The header's unread count on every page: only unread rows are in this index.
    index('notifications_unread_idx').on(t.userId, t.kind).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** Which groups of news a user also wants by e-mail (docs/product/news.md#e-mail); no row means none. */
export const newsEmailSettings = pgTable('news_email_settings', {
  userId: bigintId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  groups: text('groups').array().notNull().default([]),
  updatedAt: writtenAt('updated_at'),
});
