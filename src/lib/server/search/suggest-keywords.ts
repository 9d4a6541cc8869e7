import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SEARCH } from '../../constants';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { searchSuggestions } from '../db/schema';
import { toTsQuery } from './tokenize';

/** docs/product/search.md#data suggestions: the word and the names of the categories it occurs in (ids alongside, for a category link). */
import { SUGGESTIONS_MAX, type Suggestion } from '../../contracts/search';

export type { Suggestion };

export { SUGGESTIONS_MAX };

/**
 * Typeahead for the search box (docs/product/search.md#how-results-are-ranked). The query is tokenised like material search: a Chinese run must occur
 * in the term (1 character: that character; 2: the bigram; 3+: its bigrams in order), Latin words must be words of
 * the term, the last one typed as a prefix ("micro" finds "Microfiber PU"). The GIN index on the tokens answers all
 * of it on PGlite and PostgreSQL alike (pg_trgm is installed on both but cannot index queries shorter than three
 * characters, which is most Chinese typing). Terms that start with what was typed come first, then the terms most
 * published materials carry. Terms are in the caller's language; an English reader typing Chinese also gets the
 * Chinese terms (no English term contains Chinese). Category names are in the caller's language.
 */
export async function suggestKeywords(keywords: string, lang: Lang): Promise<Suggestion[]> {
  const query = toTsQuery(keywords);
  if (!query) return [];
  const typed = keywords.normalize('NFKC').toLowerCase().trim();
  const langs: Lang[] = lang === 'en' && /\p{Script=Han}/u.test(typed) ? ['en', 'cn'] : [lang];
  const rows = await getDb()
    .select({ word: searchSuggestions.word, categoryIds: searchSuggestions.categoryIds })
    .from(searchSuggestions)
    .where(and(langs.length === 1 ? eq(searchSuggestions.lang, lang) : inArray(searchSuggestions.lang, langs), sql`${searchSuggestions.tokens} @@ to_tsquery('simple', ${query})`))
    .orderBy(
      desc(sql`${searchSuggestions.lang} = ${lang}`),
      desc(sql`starts_with(${searchSuggestions.norm}, ${typed})`),
      desc(searchSuggestions.weight),
      searchSuggestions.norm,
    )
    .limit(SUGGESTIONS_MAX);
  if (rows.length === 0) return [];
  const { categories } = await catalogueSnapshot();
  return rows.map((row) => {
    const known = row.categoryIds.map(Number).flatMap((id) => {
      const c = categories.get(id);
      return c ? [{ id, name: lang === 'en' ? c.nameEn : c.nameCn }] : [];
    });
    const list = known.slice(0, SEARCH.suggestCategoriesMax);
    return { word: row.word, categoryList: list.map((c) => c.name), categoryIds: list.map((c) => c.id) };
  });
}
