import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { MaterialBookPage } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { describeMaterialBooks } from './describe-material-books';
import type { BookViewer } from './own-material-book';
import { containsPattern } from '../db/contains-pattern';


/**
 * A company's books, newest change first, filtered by a keyword in the name: all of them for the company itself,
 * only those on the market for anyone else (the merchant's pages).
 */
export async function listCompanyBooks(companyId: number, viewer: BookViewer, query: { keyword?: string | undefined; page: number; size: number }, lang: Lang): Promise<MaterialBookPage> {
  const where = and(
    eq(materialBooks.companyId, companyId),
    viewer.companyId === companyId ? undefined : eq(materialBooks.onMarket, 1),
    query.keyword ? sql`${materialBooks.name} ilike ${containsPattern(query.keyword)}` : undefined,
  );
  const db = getDb();
  const [rows, totals] = await Promise.all([
    db.select().from(materialBooks).where(where).orderBy(desc(materialBooks.updatedAt), desc(materialBooks.id)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(materialBooks).where(where),
  ]);
  return { records: await describeMaterialBooks(rows, viewer, lang), total: totals[0]?.n ?? 0 };
}
