import { converter } from 'culori';
import { asc, eq } from 'drizzle-orm';
import type { ColorBookColor, ColorBookColorPage, ColorSort } from '../../contracts/color-library';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { colorBookColors } from '../db/schema';
import { describeColorBooks } from './describe-color-books';
import { requireOwnColorBook, type BookOwner } from './own-color-book';
import { readBookColor } from './read-book-color';

const toLch = converter('lch65');

/**
 * One of the owner's books with a page of its colors (color/card/book/color/list): in the order they were added,
 * or by hue (greys first, then around the wheel in 15° steps, each light to dark) or by lightness (light to dark).
 */
export async function listBookColors(owner: BookOwner, query: { bookId: number; sort: ColorSort; page: number; size: number }, options: { lang: Lang }): Promise<ColorBookColorPage> {
  const book = await requireOwnColorBook(owner, query.bookId);
  const rows = await getDb().select().from(colorBookColors).where(eq(colorBookColors.bookId, book.id)).orderBy(asc(colorBookColors.sort), asc(colorBookColors.id));
  const colors = sortColors(rows.map((r) => readBookColor(r, options.lang)), query.sort);
  const [described] = await describeColorBooks([book]);
  return { book: described!, records: colors.slice((query.page - 1) * query.size, query.page * query.size), total: colors.length };
}

/** Sorts a book's colors (a book holds at most 999, so in memory). */
export function sortColors(colors: ColorBookColor[], sort: ColorSort): ColorBookColor[] {
  if (sort === 'added') return colors;
  const keyed = colors.map((c) => ({ c, lch: toLch(c.hex)! }));
  const byLightness = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => b.lch.l - a.lch.l;
  if (sort === 'lightness') return keyed.sort(byLightness).map((k) => k.c);
  // Below chroma 4 a hue means nothing: those read as greys and lead. Hues go in 15° steps, each light to dark.
  const hueOf = (k: (typeof keyed)[number]) => (k.lch.c < 4 ? -1 : Math.floor((k.lch.h ?? 0) / 15));
  return keyed.sort((a, b) => hueOf(a) - hueOf(b) || byLightness(a, b)).map((k) => k.c);
}
