import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** A signed-in user's searches (§4: newest first, de-duplicated, top 20 shown; each can be deleted). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] }), index('search_history_recent_idx').on(t.userId, t.searchedAt)],
);

/**
 * Words the platform offers (§3 Search: hotWords with an optional linkTo, shadingWords shown as the rotating
 * placeholder), per interface language.
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'hot' | 'shading'>().notNull(),
    lang: text('lang').notNull(),
    word: text('word').notNull(),
    linkTo: text('link_to'),
    sort: integer('sort').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
  },
  (t) => [uniqueIndex('search_words_key').on(t.kind, t.lang, t.word)],
);
