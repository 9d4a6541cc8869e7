import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { materialBookNotFound, type BookViewer } from './own-material-book';

/** A book the viewer may read: their own company's in any state, anyone else's only while it is on the market. */
export async function findReadableBook(bookId: number, viewer: BookViewer) {
  const [book] = await getDb().select().from(materialBooks).where(eq(materialBooks.id, bookId));
  if (!book || (book.onMarket !== 1 && book.companyId !== viewer.companyId)) throw materialBookNotFound();
  return book;
}
