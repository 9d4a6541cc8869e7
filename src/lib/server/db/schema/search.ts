import { bigint, customType, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { identityKey, ownerRef, sortOrder, writtenAt } from './columns';

/** A signed-in user's searches (docs/product/search.md#states: newest first, de-duplicated, top 20 shown; each can be deleted). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: ownerRef('user_id', () => users.id),
    word: text('word').notNull(),
    searchedAt: writtenAt('searched_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] }), index('search_history_recent_idx').on(t.userId, t.searchedAt)],
);

/**
 * Words the platform offers (docs/product/search.md#data Search: hotWords with an optional linkTo, shadingWords shown as the rotating
 * placeholder), per interface language.
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: identityKey(),
    kind: text('kind').$type<'hot' | 'shading'>().notNull(),
    lang: text('lang').notNull(),
    word: text('word').notNull(),
    linkTo: text('link_to'),
    sort: sortOrder(),
    enabled: smallint('enabled').notNull().default(1),
  },
  (t) => [uniqueIndex('search_words_key').on(t.kind, t.lang, t.word)],
);

/** A PostgreSQL tsvector, written with SQL (`to_tsvector('simple', …)` over `indexText`), never read by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search box's suggestion vocabulary (docs/product/search.md#how-results-are-ranked): every material name (cn, en), level-1/level-2 category name
 * and alias, dictionary label of an attribute value and supplier name that published materials carry, one row per
 * language and spelling (case-folded). Derived data: `rebuildSuggestions` brings it up to date after material
 * writes and at start.
 */
export const searchSuggestions = pgTable(
  'search_suggestions',
  {
    lang: text('lang').notNull(),
    /** The term lower-cased and trimmed: one row per term however it is capitalised. */
    norm: text('norm').notNull(),
    /** The term as most published materials spell it. */
    word: text('word').notNull(),
    /** How many published materials carry the term. */
    weight: integer('weight').notNull(),
    /** The (leaf) categories the term occurs in most, most first, at most 5 (docs/product/constants.md). */
    categoryIds: bigint('category_ids', { mode: 'number' }).array().notNull(),
    /**
     * The term tokenised like material search text (`indexText`: Latin words, CJK bigrams plus single characters),
     * so a Latin query prefix-matches any word and a 1-3 character Chinese query matches anywhere in the term.
     */
    tokens: tsvector('tokens').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.norm] }), index('search_suggestions_tokens_idx').using('gin', t.tokens)],
);
