import { and, count, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks } from '../db/schema';
import { requireOwnColorBook, type BookOwner } from './own-color-book';

/** Takes colors out of one of the owner's books (color/card/book/color/remove); ids not in the book are ignored. */
export async function removeBookColors(owner: BookOwner, bookId: number, colorIds: number[]): Promise<{ removed: number; count: number }> {
  return getDb().transaction(async (tx) => {
    const book = await requireOwnColorBook(owner, bookId, tx);
    const removed = await tx
      .delete(colorBookColors)
      .where(and(eq(colorBookColors.bookId, book.id), inArray(colorBookColors.id, colorIds)))
      .returning({ id: colorBookColors.id });
    if (removed.length > 0) await tx.update(colorBooks).set({ updatedAt: new Date() }).where(eq(colorBooks.id, book.id));
    const [total] = await tx.select({ n: count() }).from(colorBookColors).where(eq(colorBookColors.bookId, book.id));
    return { removed: removed.length, count: total?.n ?? 0 };
  });
}
