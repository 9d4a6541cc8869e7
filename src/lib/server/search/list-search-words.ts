import { and, asc, eq } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { searchWords } from '../db/schema';
import { hasSearchResults } from './has-search-results';

import type { SearchWord, SearchWords } from '../../contracts/search';

export type { SearchWord };

/**
 * The platform's hot words (with optional links) and the placeholder's shading words, in the reader's language:
 * only those whose search finds something today (docs/product/search.md#search-words), so no offered word leads
 * to an empty page.
 */
export async function listSearchWords(lang: Lang): Promise<SearchWords> {
  const rows = await getDb()
    .select()
    .from(searchWords)
    .where(and(eq(searchWords.lang, lang), eq(searchWords.enabled, 1)))
    .orderBy(asc(searchWords.sort), asc(searchWords.id));
  const found = await Promise.all(rows.map((r) => hasSearchResults(r.word)));
  const offered = rows.filter((_, i) => found[i]);
  const shape = (r: (typeof rows)[number]): SearchWord => (r.linkTo ? { word: r.word, linkTo: r.linkTo } : { word: r.word });
  return { hotWords: offered.filter((r) => r.kind === 'hot').map(shape), shadingWords: offered.filter((r) => r.kind === 'shading').map(shape) };
}
