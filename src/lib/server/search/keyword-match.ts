import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { NEW_MATERIAL_DAYS } from '../../contracts/materials';
import { materialFacets, materials } from '../db/schema';
import { keywordTerms } from './keyword-terms';

export type KeywordMatch = {
  /** The materials every term matches. */
  where: SQL;
  /** Relevance: `ts_rank` over any term's text, names weighing most. */
  rank: SQL;
};

/**
 * The condition and the rank of a store search's keywords (docs/product/search.md#synonyms), or null when nothing
 * in them is searchable. A synonym group's term matches its words in `search_text` or, for a color or a season,
 * the material's facet value, or, for 新品, a material created within NEW_MATERIAL_DAYS of `now`.
 */
export function keywordMatch(keywords: string, now: Date): KeywordMatch | null {
  const terms = keywordTerms(keywords);
  if (terms.length === 0) return null;
  const conditions = terms.map((term) => {
    const text = sql`${materials.searchText} @@ to_tsquery('simple', ${term.tsQuery})`;
    // The facet as a union with the text, so each part keeps its own index (GIN for the text).
    const alternatives: SQL[] = [
      term.facet
        ? sql`${materials.id} in (select ${materials.id} from ${materials} where ${text} union select ${materialFacets.materialId} from ${materialFacets} where ${and(eq(materialFacets.facet, term.facet.facet), eq(materialFacets.value, term.facet.value))})`
        : text,
    ];
    if (term.recent) alternatives.push(gt(materials.gmtCreateTime, new Date(now.getTime() - NEW_MATERIAL_DAYS * 86_400_000)));
    return alternatives.length === 1 ? alternatives[0]! : or(...alternatives)!;
  });
  const any = terms.map((t) => `(${t.tsQuery})`).join(' | ');
  return { where: and(...conditions)!, rank: sql`ts_rank(${materials.searchText}, to_tsquery('simple', ${any}))` };
}
