import { and, eq, not, sql } from 'drizzle-orm';
import { getDb, type Database, type Tx } from '../db/client';
import { imageDescriptors, images, materialImages } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';
import { currentRecipe } from './descriptor-recipe';
import { imageIndexMode } from './ensure-image-index';
import { describedBy, isIndexed } from './index-material-images';

/**
 * Queues image-search indexing of these pictures, inside `tx` when given (a job per picture, never two at once).
 * A save's pictures go ahead of the start-up sweep's backlog, so a new material is findable by photo at once.
 */
export async function requestImageIndexing(imageIds: number[], tx?: Tx | Database, options: { priority?: number } = {}): Promise<number> {
  const unique = [...new Set(imageIds)];
  return enqueueJobs(
    'index-image',
    unique.map((imageId) => ({ imageId })),
    { tx, priority: options.priority ?? 1 },
  );
}

const SWEEP_BATCH = 1_000;

/**
 * Queues every material picture that lacks its current descriptor: the demo seed and bulk imports write pictures
 * past the save path, and a new descriptor recipe (version or embedding model) or a newly installed pgvector makes every picture due again.
 * Pictures whose job is already queued or running are skipped by the queue. Returns how many jobs were added.
 */
export async function requestMissingImageIndexing(): Promise<number> {
  const db = getDb();
  const mode = await imageIndexMode();
  const recipe = await currentRecipe();
  let added = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectDistinct({ id: images.id })
      .from(materialImages)
      .innerJoin(images, eq(images.id, materialImages.imageId))
      .leftJoin(imageDescriptors, describedBy(recipe))
      .where(and(sql`${images.id} > ${after}`, not(isIndexed(mode))))
      .orderBy(images.id)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) return added;
    added += await requestImageIndexing(
      rows.map((r) => r.id),
      undefined,
      { priority: 0 },
    );
    after = rows[rows.length - 1]!.id;
  }
}
