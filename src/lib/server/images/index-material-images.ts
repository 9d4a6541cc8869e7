import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { getDb, getPool } from '../db/client';
import { imageDescriptors, images, materialImages } from '../db/schema';
import { logger } from '../logger';
import { getStorage } from '../storage';
import { computeDescriptor, DESCRIPTOR_VERSION } from './descriptor';
import { encodeDescriptor } from './descriptor-codec';
import { imageIndexMode, vectorLiteral } from './ensure-image-index';

const BATCH = 20;

/**
 * Computes the current descriptor version for every material image that lacks it (new uploads, images stored
 * before image search, all of them after a version bump, or their embeddings once pgvector is installed). Returns how many were computed. An image that
 * cannot be read or decoded is logged and skipped, and it is not retried in this run.
 */
export async function indexMaterialImages(): Promise<number> {
  const db = getDb();
  const mode = await imageIndexMode();
  const failed = new Set<number>();
  let done = 0;
  for (;;) {
    const pending = await db
      .selectDistinct({ id: images.id, storageKey: images.storageKey })
      .from(materialImages)
      .innerJoin(images, eq(images.id, materialImages.imageId))
      .leftJoin(imageDescriptors, and(eq(imageDescriptors.imageId, images.id), eq(imageDescriptors.version, DESCRIPTOR_VERSION)))
      .where(
        and(
          // No row, or (with pgvector) a row without its embedding: the left join leaves both null.
          mode === 'hnsw' ? sql`"image_descriptors"."embedding" is null` : isNull(imageDescriptors.imageId),
          failed.size ? notInArray(images.id, [...failed]) : undefined,
        ),
      )
      .limit(BATCH);
    if (pending.length === 0) return done;
    for (const image of pending) {
      try {
        const descriptor = await computeDescriptor(await readObject(image.storageKey));
        await storeDescriptor(image.id, descriptor, mode === 'hnsw');
        done += 1;
      } catch (err) {
        failed.add(image.id);
        logger.warn({ err, imageId: image.id }, 'image descriptor not computed');
      }
    }
  }
}

/** Stores (or replaces) an image's descriptor of the current version, with its pgvector embedding where there is one. */
export async function storeDescriptor(imageId: number, descriptor: Float32Array, withEmbedding: boolean): Promise<void> {
  const quantized = encodeDescriptor(descriptor);
  await getPool().query(
    withEmbedding
      ? `insert into image_descriptors (image_id, version, quantized, embedding) values ($1, $2, $3, $4::vector)
         on conflict (image_id, version) do update set quantized = excluded.quantized, embedding = excluded.embedding`
      : `insert into image_descriptors (image_id, version, quantized) values ($1, $2, $3)
         on conflict (image_id, version) do update set quantized = excluded.quantized`,
    withEmbedding ? [imageId, DESCRIPTOR_VERSION, quantized, vectorLiteral(descriptor)] : [imageId, DESCRIPTOR_VERSION, quantized],
  );
}

export async function readObject(storageKey: string): Promise<Buffer> {
  const stream = await getStorage().getStream(storageKey);
  if (!stream) throw new Error(`object ${storageKey} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
