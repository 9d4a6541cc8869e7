import { desc, eq } from 'drizzle-orm';
import { SEARCH } from '../../constants';
import { getDb } from '../db/client';
import { searchHistory } from '../db/schema';

/** The user's recent searches, newest first (docs/product/search.md#calls his-keyword, topk up to 20). */
export async function listSearchHistory(userId: number, topk: number = SEARCH.historyMax): Promise<{ word: string }[]> {
  return getDb()
    .select({ word: searchHistory.word })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(Math.min(topk, SEARCH.historyMax));
}
