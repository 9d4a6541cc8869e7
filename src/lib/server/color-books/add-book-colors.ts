import { count, eq, max } from 'drizzle-orm';
import { COLOR_BOOK_MAX_COLORS, type ColorRef } from '../../contracts/color-library';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks } from '../db/schema';
import { AppError } from '../errors';
import { requireOwnColorBook, type BookOwner } from './own-color-book';
import { resolveColorRefs } from './resolve-color-refs';

/**
 * Adds colors to one of the owner's books (color/card/book/color/add), after the ones already there. A color the
 * book holds already stays where it is (adding is idempotent). A book holds at most 999 colors: a call that would
 * pass that adds nothing.
 */
export async function addBookColors(owner: BookOwner, bookId: number, refs: ColorRef[], viewer: { companyId: number | null }, options: { lang: Lang }): Promise<{ added: number; count: number }> {
  const colors = await resolveColorRefs(refs, viewer, options.lang);
  return getDb().transaction(async (tx) => {
    const book = await requireOwnColorBook(owner, bookId, tx);
    // Serialises adds to one book, so two at once cannot both pass the limit.
    await tx.select({ id: colorBooks.id }).from(colorBooks).where(eq(colorBooks.id, book.id)).for('update');
    const held = await tx.select({ key: colorBookColors.colorKey }).from(colorBookColors).where(eq(colorBookColors.bookId, book.id));
    const heldKeys = new Set(held.map((h) => h.key));
    const fresh = [...new Map(colors.filter((c) => !heldKeys.has(c.colorKey)).map((c) => [c.colorKey, c])).values()];
    if (held.length + fresh.length > COLOR_BOOK_MAX_COLORS) {
      throw new AppError(ERROR.fieldInvalid, { message: 'validation.colorBookFull', fields: [{ field: 'colors', message: 'validation.colorBookFull' }] });
    }
    if (fresh.length > 0) {
      const [last] = await tx.select({ sort: max(colorBookColors.sort) }).from(colorBookColors).where(eq(colorBookColors.bookId, book.id));
      const start = (last?.sort ?? 0) + 1;
      await tx.insert(colorBookColors).values(fresh.map((c, i) => ({ ...c, bookId: book.id, sort: start + i })));
      await tx.update(colorBooks).set({ updatedAt: new Date() }).where(eq(colorBooks.id, book.id));
    }
    const [total] = await tx.select({ n: count() }).from(colorBookColors).where(eq(colorBookColors.bookId, book.id));
    return { added: fresh.length, count: total?.n ?? 0 };
  });
}
