import { and, eq, inArray, sql } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import { getDb } from '../db/client';
import { colorCards } from '../db/schema';
import { findOwnMaterial } from '../materials/find-own-material';
import { forgetListings } from '../materials/listing-cache';

/**
 * Cancels the renders of one of the company's materials still queued or running (docs/product/material-files.md#rendering).
 * Moving the generation on makes a running job's result land nowhere and a queued job do nothing. Answers how many.
 */
export async function cancelMaterialRender(companyId: number, materialId: number): Promise<{ cards: number }> {
  await findOwnMaterial(companyId, materialId);
  const cancelled = await getDb()
    .update(colorCards)
    .set({ renderingStatus: RENDER_STATUS.cancelled, renderGeneration: sql`${colorCards.renderGeneration} + 1`, renderReason: null })
    .where(and(eq(colorCards.materialId, materialId), inArray(colorCards.renderingStatus, [RENDER_STATUS.queued, RENDER_STATUS.rendering])))
    .returning({ id: colorCards.id });
  if (cancelled.length) forgetListings();
  return { cards: cancelled.length };
}
