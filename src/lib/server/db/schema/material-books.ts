import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { images } from './storage';
import { materials } from './materials';
import { clearedRef, createdAndUpdatedAt, createdAt, identityKey, ownerRef } from './columns';

/**
 * A material book (材料册): a supplier company's curated brochure of its materials (docs/product/material-books.md).
 * Names are unique per company. `on_market` 1 shows it to buyers on the company's merchant pages.
 */
export const materialBooks = pgTable(
  'material_books',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    name: text('name').notNull(),
    introduction: text('introduction').notNull().default(''),
    coverImageId: clearedRef('cover_image_id', () => images.id),
    onMarket: smallint('on_market').notNull().default(0),
    createdBy: clearedRef('created_by', () => users.id),
    ...createdAndUpdatedAt(),
  },
  (t) => [uniqueIndex('material_books_company_name_key').on(t.companyId, t.name), index('material_books_market_idx').on(t.companyId, t.onMarket)],
);

/** A material in a book, in the book's order. */
export const materialBookItems = pgTable(
  'material_book_items',
  {
    bookId: ownerRef('book_id', () => materialBooks.id),
    materialId: ownerRef('material_id', () => materials.id),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.materialId] }), index('material_book_items_material_idx').on(t.materialId)],
);

/** A buyer keeping a material book (collect). */
export const materialBookCollects = pgTable(
  'material_book_collects',
  {
    userId: ownerRef('user_id', () => users.id),
    bookId: ownerRef('book_id', () => materialBooks.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('material_book_collects_book_idx').on(t.bookId)],
);
