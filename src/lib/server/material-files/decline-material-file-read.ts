import { and, eq } from 'drizzle-orm';
import type { MaterialFileRead } from '../../contracts/material-files';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialFileReads } from '../db/schema';
import { AppError } from '../errors';
import { getMaterialFileRead } from './get-material-file-read';
import { FILE_CODES } from './parse-codes';

/**
 * The supplier declined the colors a read file proposes (docs/product/material-files.md#binding-a-file): the reading
 * ends with -1000 and can no longer be bound. Only a finished reading of the company's can be declined; declining it
 * again changes nothing.
 */
export async function declineMaterialFileRead(companyId: number, id: number, lang: Lang): Promise<MaterialFileRead> {
  const db = getDb();
  const [row] = await db.select({ state: materialFileReads.state, code: materialFileReads.code }).from(materialFileReads).where(and(eq(materialFileReads.id, id), eq(materialFileReads.companyId, companyId)));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.materialFileReadNotFound' });
  if (row.state === 'done') {
    await db.update(materialFileReads).set({ state: 'failed', code: FILE_CODES.colorAdjustDeclined, detail: 'the supplier declined the proposed colors' }).where(eq(materialFileReads.id, id));
  } else if (row.code !== FILE_CODES.colorAdjustDeclined) {
    throw new AppError(ERROR.fieldInvalid, { message: 'validation.materialFileNotRead', fields: [{ field: 'id', message: 'validation.materialFileNotRead' }] });
  }
  return getMaterialFileRead(companyId, id, lang);
}
