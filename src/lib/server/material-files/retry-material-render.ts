import { and, eq, inArray } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { colorCards } from '../db/schema';
import { AppError } from '../errors';
import { wakeWorkers } from '../jobs/wake-workers';
import { findOwnMaterial } from '../materials/find-own-material';
import { forgetListings } from '../materials/listing-cache';
import { queueCardRenders } from './queue-card-renders';

/**
 * Renders again the cards of one of the company's materials whose render failed or was cancelled
 * (docs/product/material-files.md#rendering); `all` renders every card again. Answers how many were queued.
 */
export async function retryMaterialRender(companyId: number, materialId: number, all = false): Promise<{ cards: number }> {
  const own = await findOwnMaterial(companyId, materialId);
  if (!own.snapshot.file) throw new AppError(ERROR.fieldInvalid, { message: 'validation.renderNoFile', fields: [{ field: 'materialId', message: 'validation.renderNoFile' }] });
  const cards = await getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: colorCards.id })
      .from(colorCards)
      .where(and(eq(colorCards.materialId, materialId), all ? undefined : inArray(colorCards.renderingStatus, [RENDER_STATUS.failed, RENDER_STATUS.cancelled])));
    await queueCardRenders(tx, rows.map((r) => r.id));
    return rows.length;
  });
  wakeWorkers('render-color-card');
  forgetListings();
  return { cards };
}
