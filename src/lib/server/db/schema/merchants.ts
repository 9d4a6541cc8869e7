import { index, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { images } from './storage';
import { bigintId, cnEnTextOrEmpty, createdAt, ownerRef, sortOrder } from './columns';

/** What a supplier company shows as a merchant: logo, banner, slogan, and whether the platform picks it (choiceness). */
export const merchantProfiles = pgTable('merchant_profiles', {
  companyId: bigintId('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  logoImageId: bigintId('logo_image_id').references(() => images.id),
  bannerImageId: bigintId('banner_image_id').references(() => images.id),
  ...cnEnTextOrEmpty('slogan'),
  /** 1: a platform pick on the merchant center (docs/product/catalogue.md#calls choiceness). */
  isChoiceness: smallint('is_choiceness').notNull().default(0),
  sort: sortOrder(),
});

/** A buyer following a merchant (docs/product/catalogue.md#states follow): isFollow for the user, followCount per merchant. */
export const merchantFollows = pgTable(
  'merchant_follows',
  {
    userId: ownerRef('user_id', () => users.id),
    companyId: ownerRef('company_id', () => companies.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('merchant_follows_company_idx').on(t.companyId)],
);
