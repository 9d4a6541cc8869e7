import { and, eq, inArray } from 'drizzle-orm';
import type { ColorBelongResult, ColorRef } from '../../contracts/color-library';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks } from '../db/schema';
import { ownedBy, type BookOwner } from './own-color-book';
import { colorKeyOf } from './resolve-color-refs';

/** Which of the owner's books hold each of these colors (color/card/book/belong/{userType}), in the order asked. */
export async function findBooksHolding(owner: BookOwner, refs: ColorRef[]): Promise<ColorBelongResult> {
  const keys = refs.map(colorKeyOf);
  const rows = await getDb()
    .select({ key: colorBookColors.colorKey, bookId: colorBookColors.bookId })
    .from(colorBookColors)
    .innerJoin(colorBooks, eq(colorBooks.id, colorBookColors.bookId))
    .where(and(ownedBy(owner), inArray(colorBookColors.colorKey, [...new Set(keys)])));
  return keys.map((key) => ({ key, bookIds: rows.filter((r) => r.key === key).map((r) => r.bookId).sort((a, b) => a - b) }));
}
