import { materialBookAddSchema, type MaterialBook } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { isUniqueViolation } from '../collections/own-folder';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { describeMaterialBooks } from './describe-material-books';
import { materialBookNameTaken } from './own-material-book';

/** Creates an empty book for a supplier company (material/book/add), off the market until put on. */
export async function addMaterialBook(author: { userId: number; companyId: number }, input: { name: string; introduction?: string }, lang: Lang): Promise<MaterialBook> {
  const { name, introduction } = materialBookAddSchema.parse(input);
  try {
    const [row] = await getDb().insert(materialBooks).values({ companyId: author.companyId, name, introduction, createdBy: author.userId }).returning();
    return (await describeMaterialBooks([row!], author, lang))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw materialBookNameTaken();
    throw err;
  }
}
