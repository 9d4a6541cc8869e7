import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { searchHistory } from '../db/schema';

/** Deletes one remembered search, or all of them when no word is given (docs/product/search.md#calls his-keyword/del). */
export async function deleteSearchHistory(userId: number, word?: string): Promise<{ deleted: number }> {
  const rows = await getDb()
    .delete(searchHistory)
    .where(and(eq(searchHistory.userId, userId), word === undefined ? undefined : eq(searchHistory.word, word)))
    .returning({ word: searchHistory.word });
  return { deleted: rows.length };
}
