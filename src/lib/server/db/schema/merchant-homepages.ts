import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { HomepageContent } from '../../../contracts/merchant-homepage';
import { companies } from './companies';
import { users } from './identity';
import { clearedRef, createdAndUpdatedAt, moment, ownerRef } from './columns';

/**
 * A supplier company's homepage (docs/product/merchant-homepage.md): one row per company, holding the draft its
 * editors work on and the copy buyers see. Publishing copies the draft into `published`; until the first publish
 * it is null and the company has no homepage to show.
 */
export const merchantHomepages = pgTable('merchant_homepages', {
  companyId: ownerRef('company_id', () => companies.id).primaryKey(),
  /** The template the draft was last started from. */
  templateKey: text('template_key').notNull(),
  draft: jsonb('draft').$type<HomepageContent>().notNull(),
  published: jsonb('published').$type<HomepageContent>(),
  publishedAt: moment('published_at'),
  updatedBy: clearedRef('updated_by', () => users.id),
  ...createdAndUpdatedAt(),
});
