import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { imageDescriptors, images } from '../db/schema';
import { currentRecipe } from './descriptor-recipe';
import { imageIndexMode } from './ensure-image-index';
import { loadPixels } from './descriptor/pixels';
import { layoutOf } from './descriptor/layout';
import { requireObject } from '../storage';
import { describedBy, isIndexed, storeDescriptor } from './index-material-images';

/**
 * The job behind image search's index: computes one picture's descriptor of the current recipe and its layout
 * unless they are already stored (with its embedding, where pgvector is). Idempotent, so a job run twice (its first worker died
 * after storing) changes nothing the second time, and the upsert keeps one row per picture and recipe. A picture
 * that cannot be read throws, and the queue retries it. Returns whether a descriptor was computed.
 */
export async function indexImage(imageId: number): Promise<boolean> {
  const mode = await imageIndexMode();
  const recipe = await currentRecipe();
  const [row] = await getDb()
    .select({ storageKey: images.storageKey, indexed: sql<boolean>`${isIndexed(mode)}` })
    .from(images)
    .leftJoin(imageDescriptors, describedBy(recipe))
    .where(eq(images.id, imageId));
  // A picture deleted since the job was queued has nothing left to describe.
  if (!row || row.indexed) return false;
  const pixels = await loadPixels(await requireObject(row.storageKey));
  await storeDescriptor(imageId, recipe, await recipe.describe(pixels), mode === 'hnsw', layoutOf(pixels));
  return true;
}
