import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { colorBooks } from '../db/schema';
import { colorBookNotFound, ownedBy, type BookOwner } from './own-color-book';

/**
 * Deletes one of the owner's books with its colors (color/card/book/delete). Shares of it lose their book and so
 * end: their landing says the share is gone.
 */
export async function removeColorBook(owner: BookOwner, bookId: number): Promise<{ id: number }> {
  const [removed] = await getDb().delete(colorBooks).where(and(eq(colorBooks.id, bookId), ownedBy(owner))).returning({ id: colorBooks.id });
  if (!removed) throw colorBookNotFound();
  return removed;
}
