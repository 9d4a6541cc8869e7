import { INSIGHTS_TOP, type InsightsRange } from '../../contracts/insights';
import type { Lang } from '../../i18n';
import { countClientErrors, type ClientErrorCounts } from './count-client-errors';
import { countMaterialViews, type MaterialViews } from './count-material-views';
import { countSearches, type SearchCounts } from './count-searches';
import { countShareOpens, type ShareOpens } from './count-share-opens';
import { countVisits, type Visits } from './count-visits';
import { measureSampleFunnel, type SampleFunnel } from './measure-sample-funnel';
import { rankSearchColors, type SearchColor } from './rank-search-colors';
import { rankSearchWords, type SearchWord } from './rank-search-words';

export type Insights = {
  range: InsightsRange;
  visits: Visits;
  searches: SearchCounts;
  searchWords: SearchWord[];
  noResults: SearchWord[];
  searchColors: SearchColor[];
  materialViews: MaterialViews;
  sampleFunnel: SampleFunnel;
  shareOpens: ShareOpens;
  errors: ClientErrorCounts;
};

/** Every section of the operator dashboard for one range (docs/product/insights.md#the-dashboard), read together. */
export async function summarizeInsights(range: InsightsRange, lang: Lang, limit: number = INSIGHTS_TOP): Promise<Insights> {
  const [visits, searches, searchWords, noResults, searchColors, materialViews, sampleFunnel, shareOpens, errors] = await Promise.all([
    countVisits(range),
    countSearches(range),
    rankSearchWords(range, { limit }),
    rankSearchWords(range, { noResults: true, limit }),
    rankSearchColors(range, { limit }),
    countMaterialViews(range, { limit, lang }),
    measureSampleFunnel(range),
    countShareOpens(range),
    countClientErrors(range, { limit }),
  ]);
  return { range, visits, searches, searchWords, noResults, searchColors, materialViews, sampleFunnel, shareOpens, errors };
}
