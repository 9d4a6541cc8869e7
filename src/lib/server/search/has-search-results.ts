import { LRUCache } from 'lru-cache';
import { and } from 'drizzle-orm';
import { MARKET_TYPE } from '../../constants';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { publishedOn } from '../materials/published-material';
import { keywordMatch } from './keyword-match';

// The header's box asks for the offered words on every page: the answer for a word is reused for a minute, so a
// word may be offered (or held back) that long after the catalogue changed.
const answers = new LRUCache<string, Promise<boolean>>({ max: 500, ttl: 60_000 });

/**
 * Whether searching `keywords` in the store finds at least one published material (docs/product/search.md#search-words):
 * the platform offers a word only when it leads somewhere.
 */
export function hasSearchResults(keywords: string): Promise<boolean> {
  let answer = answers.get(keywords);
  if (!answer) {
    answer = find(keywords);
    answers.set(keywords, answer);
    answer.catch(() => answers.delete(keywords));
  }
  return answer;
}

async function find(keywords: string): Promise<boolean> {
  const match = keywordMatch(keywords, new Date());
  if (!match) return false;
  const rows = await getDb()
    .select({ id: materials.id })
    .from(materials)
    .where(and(publishedOn(MARKET_TYPE.domestic), match.where))
    .limit(1);
  return rows.length > 0;
}
