import { and, eq, isNotNull, not, notInArray, sql } from 'drizzle-orm';
import { getDb, getPool } from '../db/client';
import { imageDescriptors, images, materialImages } from '../db/schema';
import { logger } from '../logger';
import { requireObject } from '../storage';
import { currentRecipe, type DescriptorRecipe } from './descriptor-recipe';
import { encodeDescriptor } from './descriptor-codec';
import { loadPixels } from './descriptor/pixels';
import { layoutOf } from './descriptor/layout';
import { imageIndexMode, vectorLiteral, type ImageIndexMode } from './ensure-image-index';

const BATCH = 20;

/**
 * Computes the current recipe's descriptor for every material image that lacks it (new uploads, images stored
 * before image search, all of them after a version bump, their embeddings once pgvector is installed, or their
 * layouts where rows were stored before layouts were). Returns how many were computed. An image that
 * cannot be read or decoded is logged and skipped, and it is not retried in this run.
 */
export async function indexMaterialImages(): Promise<number> {
  const db = getDb();
  const mode = await imageIndexMode();
  const recipe = await currentRecipe();
  const failed = new Set<number>();
  let done = 0;
  for (;;) {
    const pending = await db
      .selectDistinct({ id: images.id, storageKey: images.storageKey })
      .from(materialImages)
      .innerJoin(images, eq(images.id, materialImages.imageId))
      .leftJoin(imageDescriptors, describedBy(recipe))
      .where(and(not(isIndexed(mode)), failed.size ? notInArray(images.id, [...failed]) : undefined))
      .limit(BATCH);
    if (pending.length === 0) return done;
    for (const image of pending) {
      try {
        const pixels = await loadPixels(await requireObject(image.storageKey));
        await storeDescriptor(image.id, recipe, await recipe.describe(pixels), mode === 'hnsw', layoutOf(pixels));
        done += 1;
      } catch (err) {
        failed.add(image.id);
        logger.warn({ err, imageId: image.id }, 'image descriptor not computed');
      }
    }
  }
}

/** The join condition for a picture's descriptor of this recipe. */
export const describedBy = (recipe: Pick<DescriptorRecipe, 'version' | 'model'>) =>
  and(eq(imageDescriptors.imageId, images.id), eq(imageDescriptors.version, recipe.version), eq(imageDescriptors.model, recipe.model));

/**
 * Whether the left-joined descriptor row is complete: it exists and has its layout and, with pgvector, its
 * embedding (a missing row leaves every column null).
 */
export const isIndexed = (mode: ImageIndexMode) =>
  mode === 'hnsw' ? sql`("image_descriptors"."layout" is not null and "image_descriptors"."embedding" is not null)` : isNotNull(imageDescriptors.layout);

/** Stores (or replaces) an image's descriptor of this recipe and its layout, with its pgvector embedding where there is one. */
export async function storeDescriptor(
  imageId: number,
  recipe: Pick<DescriptorRecipe, 'version' | 'model'>,
  descriptor: Float32Array,
  withEmbedding: boolean,
  layout: Buffer | null = null,
): Promise<void> {
  const quantized = encodeDescriptor(descriptor);
  await getPool().query(
    withEmbedding
      ? `insert into image_descriptors (image_id, version, model, quantized, layout, embedding) values ($1, $2, $3, $4, $5, $6::vector)
         on conflict (image_id, version, model) do update set quantized = excluded.quantized, layout = excluded.layout, embedding = excluded.embedding`
      : `insert into image_descriptors (image_id, version, model, quantized, layout) values ($1, $2, $3, $4, $5)
         on conflict (image_id, version, model) do update set quantized = excluded.quantized, layout = excluded.layout`,
    withEmbedding ? [imageId, recipe.version, recipe.model, quantized, layout, vectorLiteral(descriptor)] : [imageId, recipe.version, recipe.model, quantized, layout],
  );
}
