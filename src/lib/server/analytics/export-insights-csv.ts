import { INSIGHTS_CSV_ROWS, type InsightsRange, type InsightsSection } from '../../contracts/insights';
import { toCsv, type CsvValue } from '../../csv';
import { getT, type Lang } from '../../i18n';
import { countClientErrors } from './count-client-errors';
import { countMaterialViews } from './count-material-views';
import { countShareOpens } from './count-share-opens';
import { countVisits } from './count-visits';
import { measureSampleFunnel } from './measure-sample-funnel';
import { rankSearchColors } from './rank-search-colors';
import { rankSearchWords } from './rank-search-words';

export type InsightsCsv = { fileName: string; body: string };
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
const hours = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 36) / 100);

/**
 * One section of the operator dashboard as CSV (docs/product/insights.md#the-csv): the same figures as the page, a
 * ranked list up to INSIGHTS_CSV_ROWS rows, column heads in the caller's language.
 */
export async function exportInsightsCsv(section: InsightsSection, range: InsightsRange, lang: Lang): Promise<InsightsCsv> {
  const t = getT(lang);
  const s = (key: string) => t(`insights.sections.${key}`);
  const limit = INSIGHTS_CSV_ROWS;
  let rows: CsvValue[][];
  switch (section) {
    case 'visits': {
      const v = await countVisits(range);
      rows = [
        [s('visits.day'), s('visits.pageViews'), s('visits.sessions'), s('visits.users')],
        ...v.days.map((d) => [d.day, d.pageViews, d.sessions, d.users]),
        [t('insights.total'), v.total.pageViews, v.total.sessions, v.total.users],
      ];
      break;
    }
    case 'searchWords':
    case 'noResults': {
      const words = await rankSearchWords(range, { noResults: section === 'noResults', limit });
      rows = [[s('searchWords.word'), s('searchWords.searches'), s('searchWords.noResult'), s('searchWords.sessions')], ...words.map((w) => [w.word, w.searches, w.noResult, w.sessions])];
      break;
    }
    case 'searchColors': {
      const colors = await rankSearchColors(range, { limit });
      rows = [[s('searchColors.color'), s('searchWords.searches'), s('searchWords.noResult')], ...colors.map((c) => [`#${c.hex}`, c.searches, c.noResult])];
      break;
    }
    case 'materialViews': {
      const views = await countMaterialViews(range, { limit, lang });
      rows = [
        ['id', s('materialViews.supplier'), s('materialViews.views'), s('materialViews.materials'), s('materialViews.sessions')],
        ...views.suppliers.map((v) => [v.supplierId, v.name ?? t('insights.sections.materialViews.gone', { id: v.supplierId }), v.views, v.materials, v.sessions]),
      ];
      break;
    }
    case 'sampleFunnel': {
      const funnel = await measureSampleFunnel(range);
      rows = [
        [s('sampleFunnel.step'), s('sampleFunnel.count'), `${s('sampleFunnel.fromPrevious')} (%)`, `${s('sampleFunnel.median')} (h)`],
        ...funnel.steps.map((f) => [`${s(`sampleFunnel.steps.${f.step}`)} (${s(`sampleFunnel.units.${f.step}`)})`, f.count, percent(f.fromPrevious), hours(f.medianSeconds)]),
      ];
      break;
    }
    case 'shareOpens': {
      const opens = await countShareOpens(range);
      rows = [[s('shareOpens.day'), s('shareOpens.opens')], ...opens.days.map((d) => [d.day, d.opens]), [t('insights.total'), opens.total]];
      break;
    }
    case 'errors': {
      const errors = await countClientErrors(range, { limit });
      rows = [
        [s('errors.page'), s('errors.errors'), s('errors.traces'), s('errors.sessions'), s('errors.lastCode'), s('errors.lastMessage'), s('errors.lastAt')],
        ...errors.pages.map((p) => [p.page, p.errors, p.traces, p.sessions, p.lastCode, p.lastMessage, p.lastAt]),
      ];
      break;
    }
  }
  return { fileName: `matlib-insights-${section}-${range.from}-${range.to}.csv`, body: toCsv(rows) };
}
