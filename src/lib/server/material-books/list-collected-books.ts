import { and, count, desc, eq } from 'drizzle-orm';
import type { MaterialBookPage } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialBookCollects, materialBooks } from '../db/schema';
import { describeMaterialBooks } from './describe-material-books';
import type { BookViewer } from './own-material-book';

/** The books a person keeps, newest kept first; a book taken off the market drops out until it is back. */
export async function listCollectedBooks(viewer: BookViewer & { userId: number }, query: { page: number; size: number }, lang: Lang): Promise<MaterialBookPage> {
  const where = and(eq(materialBookCollects.userId, viewer.userId), eq(materialBooks.onMarket, 1));
  const db = getDb();
  const [rows, totals] = await Promise.all([
    db
      .select({ book: materialBooks })
      .from(materialBookCollects)
      .innerJoin(materialBooks, eq(materialBooks.id, materialBookCollects.bookId))
      .where(where)
      .orderBy(desc(materialBookCollects.createdAt))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(materialBookCollects).innerJoin(materialBooks, eq(materialBooks.id, materialBookCollects.bookId)).where(where),
  ]);
  return { records: await describeMaterialBooks(rows.map((r) => r.book), viewer, lang), total: totals[0]?.n ?? 0 };
}
