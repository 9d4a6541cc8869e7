import { and, eq } from 'drizzle-orm';
import { colorBookNameSchema, type ColorBook } from '../../contracts/color-library';
import { getDb } from '../db/client';
import { colorBooks } from '../db/schema';
import { isUniqueViolation } from '../collections/own-folder';
import { describeColorBooks } from './describe-color-books';
import { colorBookNameTaken, ownedBy, requireOwnColorBook, type BookOwner } from './own-color-book';

/** Renames one of the owner's books (color/card/book/rename), under the same name rules as adding. */
export async function renameColorBook(owner: BookOwner, bookId: number, rawName: string): Promise<ColorBook> {
  const name = colorBookNameSchema.parse(rawName);
  const book = await requireOwnColorBook(owner, bookId);
  if (name === book.name) return (await describeColorBooks([book]))[0]!;
  try {
    const [renamed] = await getDb()
      .update(colorBooks)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(colorBooks.id, bookId), ownedBy(owner)))
      .returning();
    return (await describeColorBooks([renamed!]))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw colorBookNameTaken();
    throw err;
  }
}
