import { and, asc, eq } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { images, materialBookItems, materials } from '../db/schema';
import { imageSources } from '../images/image-url';
import { existingMaterial } from '../materials/published-material';
import { requireOwnMaterialBook } from './own-material-book';

/**
 * What the editor of one of the company's books starts from: all its materials in order (name, serial number, a
 * small cover) and which of them gives the book its cover.
 */
export async function listBookContents(companyId: number, bookId: number, lang: Lang) {
  const book = await requireOwnMaterialBook(companyId, bookId);
  const rows = await getDb()
    .select({ id: materials.id, nameCn: materials.nameCn, nameEn: materials.nameEn, serialNo: materials.serialNo, coverImageId: materials.coverImageId, picture: { id: images.id, width: images.width, height: images.height } })
    .from(materialBookItems)
    .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
    .leftJoin(images, eq(images.id, materials.coverImageId))
    .where(and(eq(materialBookItems.bookId, book.id), existingMaterial))
    .orderBy(asc(materialBookItems.sort));
  return {
    materials: rows.map((r) => ({ id: r.id, name: (lang === 'en' && r.nameEn) || r.nameCn, serialNo: r.serialNo, cover: r.picture?.id ? imageSources(r.picture, 'micro').src : null })),
    coverMaterialId: book.coverImageId === null ? null : (rows.find((r) => r.coverImageId === book.coverImageId)?.id ?? null),
  };
}
