import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { images } from './storage';

/** What a supplier company shows as a merchant: logo, banner, slogan, and whether the platform picks it (choiceness). */
export const merchantProfiles = pgTable('merchant_profiles', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  logoImageId: bigint('logo_image_id', { mode: 'number' }).references(() => images.id),
  bannerImageId: bigint('banner_image_id', { mode: 'number' }).references(() => images.id),
  sloganCn: text('slogan_cn').notNull().default(''),
  sloganEn: text('slogan_en').notNull().default(''),
  /** 1: a platform pick on the merchant center (§7 choiceness). */
  isChoiceness: smallint('is_choiceness').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** A buyer following a merchant (§4 follow): isFollow for the user, followCount per merchant. */
export const merchantFollows = pgTable(
  'merchant_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('merchant_follows_company_idx').on(t.companyId)],
);
