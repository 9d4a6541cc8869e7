import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { colorBooks } from './color-library';
import { companies } from './companies';
import { materialBooks } from './material-books';
import { users } from './identity';
import { bigintId, clearedRef, createdAt, moment, ownerRef } from './columns';

/** What a snapshot share froze at creation: each material at the version it had then. */
export type ShareSnapshot = { materials: { id: number; version: number }[]; colors?: SharedColor[] };
/**
 * A color of a shared color-card book as it was when a snapshot share was made: the book's own row, where it came
 * from included, so a saved copy keeps it.
 */
export type SharedColor = { colorKey: string; source: string; code: string; name: string; hex: string; materialId: number | null; colorCardId: number | null };

/**
 * A share link (docs/product/sharing.md#data Share, docs/product/sharing.md#states share access). The id is the link's secret: 128 random bits, base64url. A
 * password share (type 2) also needs its 4-character code. `isSync` 1 follows later edits of what was shared,
 * 0 shows `snapshot`. Expired (`expiresAt` passed) and deleted shares show the page (docs/product/errors.md), never the content.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    /** material, materials, folder, colorCard, colorBook or materialBook. */
    kind: text('kind').notNull(),
    ownerUserId: ownerRef('owner_user_id', () => users.id),
    /** The company the sharer worked in, whose name the landing and the image show; null for a personal share. */
    ownerCompanyId: clearedRef('owner_company_id', () => companies.id),
    type: smallint('type').notNull(),
    code: text('code'),
    validityType: smallint('validity_type').notNull(),
    viewRange: smallint('view_range').notNull(),
    isSync: smallint('is_sync').notNull(),
    introduction: text('introduction').notNull().default(''),
    materialIds: jsonb('material_ids').$type<number[]>().notNull().default([]),
    folderId: bigintId('folder_id'),
    colorCardId: bigintId('color_card_id'),
    /** The shared color-card book (kind `colorBook`); cleared when the book is deleted, which ends the share. */
    colorBookId: clearedRef('color_book_id', () => colorBooks.id),
    /** The shared material book (kind `materialBook`); cleared when the book is deleted, which ends the share. */
    materialBookId: clearedRef('material_book_id', () => materialBooks.id),
    snapshot: jsonb('snapshot').$type<ShareSnapshot>(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    expiresAt: moment('expires_at'),
    deletedAt: moment('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('shares_kind_check', sql`${t.kind} in ('material', 'materials', 'folder', 'colorCard', 'colorBook', 'materialBook')`),
    check('shares_type_check', sql`(${t.type} = 1 and ${t.code} is null) or (${t.type} = 2 and ${t.code} is not null)`),
    index('shares_owner_idx').on(t.ownerUserId, t.createdAt),
  ],
);

/** Views of a share per day (UTC), counted beside `shares.views`, so a week's views can be summed (docs/product/supplier.md#dashboard). */
export const shareViewDays = pgTable(
  'share_view_days',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.day] })],
);
