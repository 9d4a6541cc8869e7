import { differenceCiede2000 } from 'culori';
import type { ColorFamily } from '../../contracts/colors';
import type { PaletteColor } from '../../contracts/color-library';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { AppError } from '../errors';
import { labOf } from './color-family';
import { loadBookColors } from './load-book-colors';
import { parseColor } from './parse-color';

const deltaE2000 = differenceCiede2000();
/** How far (ΔE2000) a color may be from a searched hex and still be found. */
export const HEX_SEARCH_TOLERANCE = 6;

export const bookTypeNotFound = () => new AppError(ERROR.empty, { message: 'validation.bookTypeNotFound' });

/** The colors of a book type, or 404 for a type there is none of. */
export async function requireBookColors(type: string, lang: Lang): Promise<PaletteColor[]> {
  const colors = await loadBookColors(type, lang);
  if (!colors) throw bookTypeNotFound();
  return colors;
}

/**
 * A book type's colors (color-books, color-books-page), in the book's order: one family's, or those a keyword finds.
 * A keyword that is a color (`#rrggbb`, `r,g,b`) finds the colors within ΔE2000 6 of it, nearest first; any other
 * keyword finds codes and names that contain it, ignoring case.
 */
export async function findPaletteColors(query: { type: string; family?: ColorFamily; keyword?: string }, lang: Lang): Promise<PaletteColor[]> {
  return filterPaletteColors(await requireBookColors(query.type, lang), query);
}

/** The same filter over colors already loaded (a gradient page has its book in hand). */
export function filterPaletteColors(book: PaletteColor[], query: { family?: ColorFamily | undefined; keyword?: string | undefined }): PaletteColor[] {
  let colors = book;
  if (query.family) colors = colors.filter((c) => c.family === query.family);
  const keyword = query.keyword?.trim();
  if (!keyword) return colors;
  const asColor = /^(#|rgb)|^\d{1,3}\s*[, ]\s*\d/i.test(keyword) ? parseColor(keyword) : null;
  if (asColor) {
    const [l, a, b] = labOf(asColor.hex);
    const target = { mode: 'lab65' as const, l, a, b };
    return colors
      .map((c) => ({ c, d: deltaE2000(target, { mode: 'lab65', l: c.lab[0], a: c.lab[1], b: c.lab[2] }) }))
      .filter((x) => x.d <= HEX_SEARCH_TOLERANCE)
      .sort((x, y) => x.d - y.d)
      .map((x) => x.c);
  }
  const needle = keyword.toLowerCase();
  return colors.filter((c) => c.code.toLowerCase().includes(needle) || c.name.toLowerCase().includes(needle));
}
