import { asc, eq } from 'drizzle-orm';
import { COLOR_BOOK_MAX_COLORS, SYSTEM_BOOK_TYPE } from '../../contracts/color-library';
import type { ResolvedColor } from '../color-books/resolve-color-refs';
import { parseCode } from '../colors/color-system';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks, type SharedColor } from '../db/schema';
import type { ShareRow } from './find-share';

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
  if (pinned) return { name: book.name, colors: pinned.map(fromSnapshot) };
  const rows = await db
    .select({ colorKey: colorBookColors.colorKey, source: colorBookColors.source, code: colorBookColors.code, name: colorBookColors.name, hex: colorBookColors.hex, materialId: colorBookColors.materialId, colorCardId: colorBookColors.colorCardId })
    .from(colorBookColors)
    .where(eq(colorBookColors.bookId, share.colorBookId))
    .orderBy(asc(colorBookColors.sort), asc(colorBookColors.id))
    .limit(COLOR_BOOK_MAX_COLORS);
  return { name: book.name, colors: rows };
}

/**
 * A pinned color with where it came from worked out again: the built-in system stores a color's code as its name
 * (its names are derived in the reader's language), so a name equal to a system code marks one of its colors; any
 * other color keeps the name it had and counts as a picked one.
 */
function fromSnapshot(color: SharedColor): ResolvedColor {
  const hex = color.hex.toLowerCase();
  const base = { code: color.code, name: color.name, hex, materialId: null, colorCardId: null };
  if (color.name === color.code && parseCode(color.code)) return { ...base, colorKey: `${SYSTEM_BOOK_TYPE}:${color.code.toUpperCase()}`, source: SYSTEM_BOOK_TYPE };
  return { ...base, colorKey: `picked:${hex}`, source: 'picked' };
}
