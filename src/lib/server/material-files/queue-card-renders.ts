import { inArray, sql } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import type { Database, Tx } from '../db/client';
import { colorCards } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';
import { forgetListings } from '../materials/listing-cache';

/**
 * Puts color cards in the render queue (docs/product/material-files.md#rendering): each gets the next render
 * generation and a job carrying it, written in the caller's transaction. A job for an older generation finds itself
 * superseded and does nothing, so re-rendering while a render runs is safe.
 */
export async function queueCardRenders(tx: Tx | Database, cardIds: number[]): Promise<void> {
  if (cardIds.length === 0) return;
  const queued = await tx
    .update(colorCards)
    .set({ renderingStatus: RENDER_STATUS.queued, renderGeneration: sql`${colorCards.renderGeneration} + 1`, renderReason: null })
    .where(inArray(colorCards.id, cardIds))
    .returning({ colorCardId: colorCards.id, generation: colorCards.renderGeneration });
  await enqueueJobs('render-color-card', queued, { tx });
  forgetListings();
}
