import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBookItems, materials } from '../db/schema';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import { findReadableBook } from './find-readable-book';
import type { BookViewer } from './own-material-book';

/**
 * A material opened from a book: the book's name and the materials before and after it in the book's order (those
 * the viewer may see), so the detail can lead back and on. Null when the book cannot be read or does not hold it.
 */
export async function findBookNeighbours(viewer: BookViewer, bookId: number, materialId: number) {
  const book = await findReadableBook(bookId, viewer).catch(() => null);
  if (!book) return null;
  const rows = await getDb()
    .select({ id: materials.id, categoryId: materials.categoryId })
    .from(materialBookItems)
    .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
    .where(and(eq(materialBookItems.bookId, book.id), book.companyId === viewer.companyId ? existingMaterial : visibleMaterial))
    .orderBy(asc(materialBookItems.sort));
  const at = rows.findIndex((r) => r.id === materialId);
  if (at < 0) return null;
  return { id: book.id, name: book.name, previous: rows[at - 1] ?? null, next: rows[at + 1] ?? null };
}
