import { and, eq } from 'drizzle-orm';
import { materialBookNameSchema, type MaterialBook } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { isUniqueViolation } from '../collections/own-folder';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { describeMaterialBooks } from './describe-material-books';
import { materialBookNameTaken, requireOwnMaterialBook } from './own-material-book';

/** Renames one of the company's books (material/book/rename), under the same name rules as adding. */
export async function renameMaterialBook(author: { userId: number; companyId: number }, bookId: number, rawName: string, lang: Lang): Promise<MaterialBook> {
  const name = materialBookNameSchema.parse(rawName);
  await requireOwnMaterialBook(author.companyId, bookId);
  try {
    const [row] = await getDb()
      .update(materialBooks)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(materialBooks.id, bookId), eq(materialBooks.companyId, author.companyId)))
      .returning();
    return (await describeMaterialBooks([row!], author, lang))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw materialBookNameTaken();
    throw err;
  }
}
