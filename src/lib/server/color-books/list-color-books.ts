import { and, count, desc, sql } from 'drizzle-orm';
import type { ColorBookPage } from '../../contracts/color-library';
import { getDb } from '../db/client';
import { colorBooks } from '../db/schema';
import { describeColorBooks } from './describe-color-books';
import { ownedBy, type BookOwner } from './own-color-book';
import { containsPattern } from '../db/contains-pattern';


/** The owner's color-card books (color/card/book/list), newest first, filtered by a keyword in the name. */
export async function listColorBooks(owner: BookOwner, query: { keyword?: string; page: number; size: number }): Promise<ColorBookPage> {
  const db = getDb();
  const where = and(ownedBy(owner), query.keyword ? sql`${colorBooks.name} ilike ${containsPattern(query.keyword)}` : undefined);
  const [rows, totals] = await Promise.all([
    db.select().from(colorBooks).where(where).orderBy(desc(colorBooks.createdAt), desc(colorBooks.id)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(colorBooks).where(where),
  ]);
  return { records: await describeColorBooks(rows), total: totals[0]?.n ?? 0 };
}
