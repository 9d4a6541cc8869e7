/**
 * The material store's first page, for the store and its host variants (docs/product/routes.md#routes): the filter
 * read from the URL, the materials of the market the visitor is in, the category names and what went wrong.
 */
import type { MarketType } from '../../constants';
import { materialQuerySchema, type MaterialPage, type MaterialQuery } from '../../contracts/materials';
import type { Lang } from '../../i18n';
import { listCategoryNames, type NamedCategory } from '../catalogue/list-category-names';
import { findMaterials } from '../materials/find-materials';
import { expected } from './expected';
import type { RefusedPrice } from '../../material-query';
import { separateRefusedPrice } from './store-price';

export interface StoreLoad {
  page: MaterialPage | null;
  query: MaterialQuery | null;
  problem: 'invalid' | 'unknownCategory' | null;
  /** A price range refused as it came, shown back in the price filter. */
  refusedPrice: RefusedPrice | undefined;
  categories: NamedCategory[];
  unitLabels: Record<string, string>;
  /** The category the filter names, when it names one. */
  current: { id: number; name: string } | undefined;
  /** The answer's status: 400 for a filter that cannot be read, 404 for an unknown category. */
  status: number;
}

export async function loadStore(url: URL, options: { lang: Lang; showAliases: boolean; market: MarketType }): Promise<StoreLoad> {
  const { raw, refusedPrice } = separateRefusedPrice(Object.fromEntries(url.searchParams));
  const parsed = materialQuerySchema.safeParse(raw);
  const { categories, unitLabels } = await listCategoryNames(options.lang, options.showAliases);
  let page: MaterialPage | null = null;
  let problem: StoreLoad['problem'] = null;
  if (!parsed.success) problem = 'invalid';
  else {
    const found = await expected(findMaterials(parsed.data, { lang: options.lang, withFacets: true, marketType: options.market }));
    if (found.ok) page = found.value;
    else problem = 'unknownCategory';
  }
  const query = parsed.success ? parsed.data : null;
  const current = categories.flatMap((c) => [c, ...c.children]).find((c) => c.id === query?.categoryId);
  const status = problem === 'invalid' || (!problem && refusedPrice) ? 400 : problem === 'unknownCategory' ? 404 : 200;
  return { page, query, problem, refusedPrice, categories, unitLabels, current, status };
}
