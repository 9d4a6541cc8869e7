/**
 * The supplier landing's loader (docs/product/supplier.md#dashboard): the counts, the category tree for the filter,
 * and the page of materials the URL's filters ask for. A filter the list cannot read falls back to its default
 * rather than failing the page.
 */
import { SUPPLIER_MATERIAL_SORTS, SUPPLIER_MATERIAL_STATES, supplierMaterialQuerySchema, type SupplierDashboard, type SupplierMaterialPage, type SupplierMaterialQuery } from '../../contracts/material-edit';
import type { CategoryNode } from '../../contracts/catalogue';
import type { Lang } from '../../i18n';
import { listCategoryTree } from '../catalogue/list-categories';
import { getSupplierDashboard } from '../materials/get-supplier-dashboard';
import { listSupplierMaterials } from '../materials/list-supplier-materials';
import { expected } from './expected';
import { summarizeSupplierInsights, type SupplierInsights } from '../analytics/summarize-supplier-insights';

export const SUPPLIER_HOME_PATH = '/supplier/home';

export type SupplierHome = {
  query: SupplierMaterialQuery;
  /** The filters as they go in a link (page left out). */
  filters: Record<string, string | undefined>;
  dashboard: SupplierDashboard;
  list: SupplierMaterialPage;
  categories: CategoryNode[];
  /** The company has no material at all (not just none under these filters). */
  hasNone: boolean;
  /** Views, searches, the sample funnel and share opens of its materials (docs/product/insights.md#the-suppliers-slice). */
  insights: SupplierInsights;
};

function readQuery(url: URL): SupplierMaterialQuery {
  const raw: Record<string, string> = {};
  for (const key of ['keywords', 'categoryId', 'state', 'marketType', 'sort', 'page']) {
    const value = url.searchParams.get(key);
    if (value) raw[key] = value;
  }
  const parsed = supplierMaterialQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep what is valid, drop what is not.
  const fallback: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (supplierMaterialQuerySchema.safeParse({ [key]: value }).success) fallback[key] = value;
  return supplierMaterialQuerySchema.parse(fallback);
}

export function supplierListHref(filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${SUPPLIER_HOME_PATH}?${text}` : SUPPLIER_HOME_PATH;
}

export async function loadSupplierHome(companyId: number, url: URL, lang: Lang): Promise<SupplierHome> {
  const query = readQuery(url);
  const [dashboard, categories, found, insights] = await Promise.all([
    getSupplierDashboard(companyId),
    listCategoryTree(lang),
    expected(listSupplierMaterials(companyId, query, lang)),
    summarizeSupplierInsights(companyId, lang),
  ]);
  // A category that no longer exists lists everything instead.
  const list = found.ok ? found.value : await listSupplierMaterials(companyId, { ...query, categoryId: undefined }, lang);
  const total = dashboard.onMarket.domestic + dashboard.offMarket.domestic + dashboard.drafts;
  const filters = {
    keywords: query.keywords || undefined,
    categoryId: found.ok && query.categoryId ? String(query.categoryId) : undefined,
    state: query.state !== SUPPLIER_MATERIAL_STATES[0] ? query.state : undefined,
    marketType: query.marketType ? String(query.marketType) : undefined,
    sort: query.sort !== SUPPLIER_MATERIAL_SORTS[0] ? query.sort : undefined,
  };
  return { query, filters, dashboard, list, categories, hasNone: total === 0, insights };
}
