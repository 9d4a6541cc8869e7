import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb, type Tx } from '../db/client';
import { materialBooks } from '../db/schema';
import { AppError } from '../errors';

/** Who reads a book: a signed-in person in a company, or a guest. */
export type BookViewer = { userId: number | null; companyId: number | null };

export const materialBookNotFound = () => new AppError(ERROR.empty, { message: 'validation.materialBookNotFound' });
export const materialBookNameTaken = () => new AppError(ERROR.conflict, { message: 'validation.materialBookNameTaken', fields: [{ field: 'name', message: 'validation.materialBookNameTaken' }] });

/** One of the company's own books; another company's (or none) is "not found" and is never touched. */
export async function requireOwnMaterialBook(companyId: number, bookId: number, tx: Tx | ReturnType<typeof getDb> = getDb()) {
  const [book] = await tx.select().from(materialBooks).where(and(eq(materialBooks.id, bookId), eq(materialBooks.companyId, companyId)));
  if (!book) throw materialBookNotFound();
  return book;
}
