import { count, inArray, sql } from 'drizzle-orm';
import type { ColorBook } from '../../contracts/color-library';
import { getDb } from '../db/client';
import { colorBookColors } from '../db/schema';

/** How many swatches a book's card shows. */
export const BOOK_CARD_SWATCHES = 9;

type BookRow = { id: number; name: string; userType: number; isShared: number; createdAt: Date };

/** Books as the calls answer them: each with its color count and its first colors for the card. */
export async function describeColorBooks(rows: BookRow[]): Promise<ColorBook[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const db = getDb();
  const [counts, firsts] = await Promise.all([
    db.select({ bookId: colorBookColors.bookId, n: count() }).from(colorBookColors).where(inArray(colorBookColors.bookId, ids)).groupBy(colorBookColors.bookId),
    db.execute<{ book_id: number; hex: string }>(sql`
      select book_id, hex from (
        select book_id, hex, row_number() over (partition by book_id order by sort, id) as n
        from color_book_colors where book_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      ) ranked where n <= ${BOOK_CARD_SWATCHES} order by book_id, n`),
  ]);
  const countOf = new Map(counts.map((c) => [c.bookId, c.n]));
  const swatchesOf = new Map<number, string[]>();
  for (const row of firsts.rows) {
    const bookId = Number(row.book_id);
    swatchesOf.set(bookId, [...(swatchesOf.get(bookId) ?? []), row.hex]);
  }
  return rows.map((r) => ({ id: r.id, name: r.name, userType: r.userType, isShared: r.isShared, count: countOf.get(r.id) ?? 0, swatches: swatchesOf.get(r.id) ?? [], createdAt: r.createdAt.toISOString() }));
}
