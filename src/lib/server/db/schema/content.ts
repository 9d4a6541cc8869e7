import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAndUpdatedAt, identityKey } from './columns';

/**
 * Answers to a help article's "was this helpful?" (docs/product/content.md#help-center): one per article and
 * voter, so voting again changes the answer instead of adding one. A voter is a signed-in user (`u:<id>`) or, for
 * guests, a keyed hash of the client address (`a:<hash>`): no address is stored.
 */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: identityKey(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    helpful: boolean('helpful').notNull(),
    voter: text('voter').notNull(),
    ...createdAndUpdatedAt(),
  },
  (t) => [uniqueIndex('help_feedback_voter_key').on(t.slug, t.voter), index('help_feedback_slug_idx').on(t.slug, t.helpful)],
);
