import { asc, eq } from 'drizzle-orm';
import { COLOR_BOOK_MAX_COLORS } from '../../contracts/color-library';
import type { ResolvedColor } from '../color-books/resolve-color-refs';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks } from '../db/schema';
import type { ShareRow } from './find-share';

/** A book color's columns as a share pins and shows them. */
export const SHARED_COLOR_COLUMNS = {
  colorKey: colorBookColors.colorKey,
  source: colorBookColors.source,
  code: colorBookColors.code,
  name: colorBookColors.name,
  hex: colorBookColors.hex,
  materialId: colorBookColors.materialId,
  colorCardId: colorBookColors.colorCardId,
};

/** A shared color-card book as its share shows it: the book's name and its colors, in the book's order. */
export type SharedBook = { name: string; colors: ResolvedColor[] };

/**
 * The book a color-book share shows: a snapshot share (isSync 0) the colors pinned when it was made, a live one the
 * colors the book holds now. Null once the book is deleted, which ends the share.
 */
export async function readSharedBook(share: ShareRow): Promise<SharedBook | null> {
  if (share.kind !== 'colorBook' || share.colorBookId === null) return null;
  const db = getDb();
  const [book] = await db.select({ name: colorBooks.name }).from(colorBooks).where(eq(colorBooks.id, share.colorBookId));
  if (!book) return null;
  const pinned = share.isSync === 0 ? share.snapshot?.colors : undefined;
  if (pinned) return { name: book.name, colors: pinned };
  const rows = await db
    .select(SHARED_COLOR_COLUMNS)
    .from(colorBookColors)
    .where(eq(colorBookColors.bookId, share.colorBookId))
    .orderBy(asc(colorBookColors.sort), asc(colorBookColors.id))
    .limit(COLOR_BOOK_MAX_COLORS);
  return { name: book.name, colors: rows };
}
