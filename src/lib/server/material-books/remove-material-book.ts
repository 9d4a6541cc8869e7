import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { materialBookNotFound } from './own-material-book';

/** Deletes one of the company's books with its list of materials; its shares end (their landing says so). */
export async function removeMaterialBook(companyId: number, bookId: number): Promise<{ id: number }> {
  const [removed] = await getDb().delete(materialBooks).where(and(eq(materialBooks.id, bookId), eq(materialBooks.companyId, companyId))).returning({ id: materialBooks.id });
  if (!removed) throw materialBookNotFound();
  return removed;
}
