import type { MaterialImportRow } from '../../contracts/material-import';
import type { MaterialImportPlanRow, MaterialImportRowError } from '../../contracts/material-import-rules';
import { getT, type Lang } from '../../i18n';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { importColumnTitle } from './match-import-columns';

/** A row's errors in the reader's language: each with its column's title as the sheet names it. */
export function describeImportErrors(errors: MaterialImportRowError[], catalogue: CatalogueSnapshot, lang: Lang) {
  const t = getT(lang);
  return errors.map((e) => ({ column: e.column, columnTitle: importColumnTitle(e.column, catalogue, lang), message: t(e.key, e.params ?? {}) }));
}

/** A planned row as the dry run answers it (docs/product/integrations.md#bulk-import). */
export function describeImportRow(row: MaterialImportPlanRow, catalogue: CatalogueSnapshot, lang: Lang): MaterialImportRow {
  return { row: row.row, serialNo: row.serialNo, name: row.name, action: row.action, materialId: row.materialId, errors: describeImportErrors(row.errors, catalogue, lang) };
}
