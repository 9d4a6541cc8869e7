/** Keyword search: the search itself, typeahead, the caller's history and the hot and shading words. */
import { z } from 'zod';
import { SEARCH } from '../constants';
import { MATERIAL_SORTS } from '../material-query';
import { materialQueryFields, withPriceRange } from './materials';

export { materialPageSchema, materialSearchSchema } from './materials';

/** Typeahead answers at most this many terms. */
export const SUGGESTIONS_MAX = 10;
export const KEYWORDS_MAX = SEARCH.keywordsMax;

export const searchWordSchema = z.object({ word: z.string(), linkTo: z.string().optional() }).meta({ id: 'SearchWord' });
export type SearchWord = z.output<typeof searchWordSchema>;

export const suggestRequestSchema = z.object({ keywords: z.string().trim().min(1, 'validation.required').max(KEYWORDS_MAX) });
export const suggestionSchema = z
  .object({ word: z.string(), categoryList: z.array(z.string()).max(SEARCH.suggestCategoriesMax), categoryIds: z.array(z.number().int()).max(SEARCH.suggestCategoriesMax) })
  .meta({ id: 'SearchSuggestion' });
export type Suggestion = z.output<typeof suggestionSchema>;
export const suggestionListSchema = z.array(suggestionSchema);

export const searchHistoryQuerySchema = z.object({ topk: z.coerce.number().int().min(1).max(SEARCH.historyMax).default(SEARCH.historyMax) });
export const searchHistorySchema = z.array(z.object({ word: z.string() }));
export type SearchHistory = z.output<typeof searchHistorySchema>;
export const searchHistoryDeleteQuerySchema = z.object({ word: z.string().trim().min(1).max(KEYWORDS_MAX).optional() });
export const searchHistoryDeletedSchema = z.object({ deleted: z.number().int() });

export const hotWordListSchema = z.array(searchWordSchema);
export const searchWordsSchema = z.object({ hotWords: z.array(searchWordSchema), shadingWords: z.array(searchWordSchema) });
export type SearchWords = z.output<typeof searchWordsSchema>;

export const merchantParamSchema = z.object({ orgId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** A merchant's shop search: the store query without orgId (the path names the merchant); no keywords lists all. */
export const shopQuerySchema = withPriceRange(materialQueryFields.omit({ orgId: true, sort: true }).extend({ sort: z.enum(MATERIAL_SORTS).optional() }));
export const shopNewestQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(500).default(1), size: z.coerce.number().int().min(1).max(60).default(12) });
