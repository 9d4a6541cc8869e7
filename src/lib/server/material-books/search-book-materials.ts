import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MaterialBookMaterials, MaterialBookSearch } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialBookItems, materials } from '../db/schema';
import { materialCardsByIds } from '../materials/find-materials';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import { describeMaterialBooks } from './describe-material-books';
import { findReadableBook } from './find-readable-book';
import type { BookViewer } from './own-material-book';
import { containsPattern } from '../db/contains-pattern';


/**
 * A book and a page of its materials in the book's order (collection/detail, material/book/material/search),
 * optionally only those whose name (either language) or serial number holds the words. The company itself sees all
 * its materials in the book; anyone else those on a market.
 */
export async function searchBookMaterials(viewer: BookViewer, query: MaterialBookSearch, lang: Lang): Promise<MaterialBookMaterials> {
  const book = await findReadableBook(query.id, viewer);
  const words = query.keywords.trim();
  const like = containsPattern(words);
  const where = and(
    eq(materialBookItems.bookId, book.id),
    book.companyId === viewer.companyId ? existingMaterial : visibleMaterial,
    words ? sql`(${materials.nameCn} ilike ${like} or ${materials.nameEn} ilike ${like} or ${materials.serialNo} ilike ${like})` : undefined,
  );
  const db = getDb();
  const [rows, totals] = await Promise.all([
    db.select({ id: materials.id }).from(materialBookItems).innerJoin(materials, eq(materials.id, materialBookItems.materialId)).where(where).orderBy(asc(materialBookItems.sort)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(materialBookItems).innerJoin(materials, eq(materials.id, materialBookItems.materialId)).where(where),
  ]);
  const cards = await materialCardsByIds(rows.map((r) => r.id), { lang });
  const [described] = await describeMaterialBooks([book], viewer, lang);
  return { book: described!, records: cards, total: totals[0]?.n ?? 0 };
}
