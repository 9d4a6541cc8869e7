import { and, eq } from 'drizzle-orm';
import type { MaterialImportStatus } from '../../contracts/material-import';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialImports } from '../db/schema/material-imports';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { wakeWorkers } from '../jobs/wake-workers';
import { findOwnImport } from './find-own-import';
import { getMaterialImport, goodRows } from './get-material-import';

/**
 * The user's confirmation after the dry run (docs/product/integrations.md#bulk-import): queues the `import-materials`
 * job for the good rows; the bad ones are skipped and reported in the result. Confirming again changes nothing.
 */
export async function startMaterialImport(companyId: number, importId: number, lang: Lang): Promise<MaterialImportStatus> {
  const found = await findOwnImport(companyId, importId);
  if (found.state === 'checked') {
    if (goodRows(found) === 0) throw new AppError(ERROR.conflict, { message: 'validation.importNothingToImport' });
    await getDb().transaction(async (tx) => {
      const [moved] = await tx
        .update(materialImports)
        .set({ state: 'queued' })
        .where(and(eq(materialImports.id, importId), eq(materialImports.state, 'checked')))
        .returning({ id: materialImports.id });
      // The job commits with the state, so a queued import always has its job.
      if (moved) await enqueueJob('import-materials', { importId }, { tx });
    });
    wakeWorkers('import-materials');
  }
  return getMaterialImport(companyId, importId, lang);
}
