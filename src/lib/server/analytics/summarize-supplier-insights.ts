import { presetRange, SUPPLIER_INSIGHTS_DAYS, type InsightsRange } from '../../contracts/insights';
import type { Lang } from '../../i18n';
import { countShareOpens, type ShareOpens } from './count-share-opens';
import { countSupplierMaterialViews, type SupplierMaterialViews } from './count-supplier-material-views';
import { countSupplierSearchAppearances, type SearchAppearances } from './count-supplier-search-appearances';
import { measureSampleFunnel, type SampleFunnel } from './measure-sample-funnel';

export type SupplierInsights = { range: InsightsRange; materialViews: SupplierMaterialViews; searches: SearchAppearances; sampleFunnel: SampleFunnel; shareOpens: ShareOpens };

const TOP = 5;

/**
 * The dashboard's figures limited to one supplier's own materials, over the last SUPPLIER_INSIGHTS_DAYS days
 * (docs/product/insights.md#the-suppliers-slice): their detail views, the searches that showed them, their sample
 * funnel and the opens of shares of them.
 */
export async function summarizeSupplierInsights(companyId: number, lang: Lang, now: Date = new Date()): Promise<SupplierInsights> {
  const range = presetRange(SUPPLIER_INSIGHTS_DAYS, now);
  const [materialViews, searches, sampleFunnel, shareOpens] = await Promise.all([
    countSupplierMaterialViews(companyId, range, { limit: TOP, lang }),
    countSupplierSearchAppearances(companyId, range, { limit: TOP }),
    measureSampleFunnel(range, { supplierCompanyId: companyId }),
    countShareOpens(range, { supplierCompanyId: companyId }),
  ]);
  return { range, materialViews, searches, sampleFunnel, shareOpens };
}
