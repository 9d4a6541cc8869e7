import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, real, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { materials } from './materials';
import { bigintId, clearedRef, cnEnText, createdAndUpdatedAt, createdAt, identityKey, ownerRef } from './columns';

/**
 * A book of named colors beside the built-in color system (docs/product/color-library.md#book-types): a licensee's
 * Coloro or Pantone data, or a brand's palette, imported by an administrator. The built-in system is computed, not
 * stored.
 */
export const palettes = pgTable('palettes', {
  key: text('key').primaryKey(),
  ...cnEnText('name'),
  ...createdAndUpdatedAt(),
});

/** One color of an imported book, keyed by its code within the book; Lab (D65) and family are worked out on import. */
export const paletteColors = pgTable(
  'palette_colors',
  {
    paletteKey: text('palette_key')
      .notNull()
      .references(() => palettes.key, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    labL: real('lab_l').notNull(),
    labA: real('lab_a').notNull(),
    labB: real('lab_b').notNull(),
    family: text('family').notNull(),
    groupName: text('group_name').notNull().default(''),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paletteKey, t.code] }), index('palette_colors_family_idx').on(t.paletteKey, t.family)],
);

/**
 * A color-card book: a person's (buyer, `user_type` 1) or a supplier company's (`user_type` 2) collection of colors.
 * Names are unique per owner: per person for buyers, per company for suppliers.
 */
export const colorBooks = pgTable(
  'color_books',
  {
    id: identityKey(),
    userType: smallint('user_type').notNull(),
    ownerUserId: ownerRef('owner_user_id', () => users.id),
    companyId: bigintId('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 once the book has been shared. */
    isShared: smallint('is_shared').notNull().default(0),
    ...createdAndUpdatedAt(),
  },
  (t) => [
    check('color_books_owner_check', sql`(${t.userType} = 1 and ${t.companyId} is null) or (${t.userType} = 2 and ${t.companyId} is not null)`),
    uniqueIndex('color_books_buyer_name_key').on(t.ownerUserId, t.name).where(sql`${t.userType} = 1`),
    uniqueIndex('color_books_company_name_key').on(t.companyId, t.name).where(sql`${t.userType} = 2`),
  ],
);

/**
 * A color kept in a book, copied by value (code, name, hex) so the book reads the same after its source changes.
 * `color_key` says where it came from and keeps it once per book: `<book type>:<code>`, `card:<color card id>` or
 * `picked:<hex>`.
 */
export const colorBookColors = pgTable(
  'color_book_colors',
  {
    id: identityKey(),
    bookId: ownerRef('book_id', () => colorBooks.id),
    colorKey: text('color_key').notNull(),
    source: text('source').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    materialId: clearedRef('material_id', () => materials.id),
    colorCardId: bigint('color_card_id', { mode: 'number' }),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('color_book_colors_key').on(t.bookId, t.colorKey), index('color_book_colors_book_idx').on(t.bookId, t.sort)],
);
