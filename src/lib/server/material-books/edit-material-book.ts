import { and, eq, inArray } from 'drizzle-orm';
import type { MaterialBook, MaterialBookEdit } from '../../contracts/material-books';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialBookItems, materialBooks, materials } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from '../materials/published-material';
import { describeMaterialBooks } from './describe-material-books';
import { requireOwnMaterialBook } from './own-material-book';

/**
 * Saves a book's content (ours: the editor's save): its introduction, its materials in the order given, and its
 * cover, taken from one of those materials. Only the company's own materials can be in its book; one that is not
 * fails the whole save, naming its place, and nothing changes.
 */
export async function editMaterialBook(author: { userId: number; companyId: number }, edit: MaterialBookEdit, lang: Lang): Promise<MaterialBook> {
  const materialIds = [...new Set(edit.materialIds)];
  const row = await getDb().transaction(async (tx) => {
    await requireOwnMaterialBook(author.companyId, edit.id, tx);
    const owned = materialIds.length === 0 ? [] : await tx.select({ id: materials.id, coverImageId: materials.coverImageId }).from(materials).where(and(inArray(materials.id, materialIds), eq(materials.companyId, author.companyId), existingMaterial));
    const ownedIds = new Set(owned.map((m) => m.id));
    const foreign = materialIds.findIndex((id) => !ownedIds.has(id));
    if (foreign >= 0) throw new AppError(ERROR.fieldInvalid, { message: 'validation.materialBookForeignMaterial', fields: [{ field: `materialIds[${foreign}]`, message: 'validation.materialBookForeignMaterial' }] });
    const cover = edit.coverMaterialId === null ? null : owned.find((m) => m.id === edit.coverMaterialId);
    if (edit.coverMaterialId !== null && !cover) throw new AppError(ERROR.fieldInvalid, { message: 'validation.invalidValue', fields: [{ field: 'coverMaterialId', message: 'validation.invalidValue' }] });
    await tx.delete(materialBookItems).where(eq(materialBookItems.bookId, edit.id));
    if (materialIds.length > 0) await tx.insert(materialBookItems).values(materialIds.map((materialId, i) => ({ bookId: edit.id, materialId, sort: i + 1 })));
    const [updated] = await tx
      .update(materialBooks)
      .set({ introduction: edit.introduction, coverImageId: cover?.coverImageId ?? null, updatedAt: new Date() })
      .where(eq(materialBooks.id, edit.id))
      .returning();
    return updated!;
  });
  return (await describeMaterialBooks([row], author, lang))[0]!;
}
