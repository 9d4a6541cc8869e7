import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBookItems, materialBooks } from '../db/schema';
import { requireOwnMaterialBook } from './own-material-book';

/** Takes one material out of one of the company's books (material/book/remove); one not in it is ignored. */
export async function takeBookMaterial(companyId: number, bookId: number, materialId: number): Promise<{ removed: number }> {
  return getDb().transaction(async (tx) => {
    await requireOwnMaterialBook(companyId, bookId, tx);
    const gone = await tx.delete(materialBookItems).where(and(eq(materialBookItems.bookId, bookId), eq(materialBookItems.materialId, materialId))).returning({ id: materialBookItems.materialId });
    if (gone.length > 0) await tx.update(materialBooks).set({ updatedAt: new Date() }).where(eq(materialBooks.id, bookId));
    return { removed: gone.length };
  });
}
