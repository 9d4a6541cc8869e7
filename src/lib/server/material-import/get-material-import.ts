import type { MaterialImportStatus } from '../../contracts/material-import';
import { MATERIAL_IMPORT_FAILURES_LISTED } from '../../contracts/material-import-rules';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { describeImportErrors } from './describe-import-row';
import { findOwnImport, type OwnImport } from './find-own-import';

/** Rows an import works through: those its dry run found good. */
export const goodRows = (found: Pick<OwnImport, 'plan'>) => found.plan.filter((r) => r.action !== 'error').length;

/**
 * Where an import stands (docs/product/integrations.md#bulk-import): rows done of the good rows, and the counts of
 * created, updated, unchanged and failed rows; before it runs, the dry run's bad rows are its failures.
 */
export async function getMaterialImport(companyId: number, importId: number, lang: Lang): Promise<MaterialImportStatus> {
  const found = await findOwnImport(companyId, importId);
  const catalogue = await catalogueSnapshot();
  const finished = found.state === 'done' || found.state === 'failed';
  const failures = finished ? found.failures : found.plan.filter((r) => r.action === 'error').map((r) => ({ row: r.row, serialNo: r.serialNo, errors: r.errors }));
  return {
    importId: found.id,
    fileName: found.fileName,
    state: found.state,
    total: goodRows(found),
    rowsDone: found.rowsDone,
    created: found.created,
    updated: found.updated,
    unchanged: found.unchanged,
    failed: finished ? found.failed : failures.length,
    failures: failures.slice(0, MATERIAL_IMPORT_FAILURES_LISTED).map((f) => ({ row: f.row, serialNo: f.serialNo, errors: describeImportErrors(f.errors, catalogue, lang) })),
  };
}
