import { and, eq, notInArray, sql } from 'drizzle-orm';
import { SEARCH } from '../../constants';
import { getDb } from '../db/client';
import { searchHistory } from '../db/schema';

/** Remembers a search (docs/product/search.md#states: newest first, de-duplicated, at most 20 kept). */
export async function recordSearch(userId: number, keywords: string): Promise<void> {
  const word = keywords.trim().slice(0, 50);
  if (!word) return;
  const db = getDb();
  await db
    .insert(searchHistory)
    .values({ userId, word })
    .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.word], set: { searchedAt: sql`now()` } });
  const keep = db
    .select({ word: searchHistory.word })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(sql`${searchHistory.searchedAt} desc`)
    .limit(SEARCH.historyMax);
  await db.delete(searchHistory).where(and(eq(searchHistory.userId, userId), notInArray(searchHistory.word, keep)));
}
