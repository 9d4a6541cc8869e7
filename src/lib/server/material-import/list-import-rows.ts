import type { MaterialImportRowPage, MaterialImportRowsQuery } from '../../contracts/material-import';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { describeImportRow } from './describe-import-row';
import { findOwnImport } from './find-own-import';

/** A page of a dry run's rows, all or only the refused ones, in file order (docs/product/integrations.md#bulk-import). */
export async function listImportRows(companyId: number, query: MaterialImportRowsQuery, lang: Lang): Promise<MaterialImportRowPage> {
  const found = await findOwnImport(companyId, query.importId);
  const rows = query.only === 'error' ? found.plan.filter((r) => r.action === 'error') : found.plan;
  const catalogue = await catalogueSnapshot();
  const start = (query.page - 1) * query.size;
  return { records: rows.slice(start, start + query.size).map((r) => describeImportRow(r, catalogue, lang)), total: rows.length };
}
