import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images } from '../db/schema';

export type ImageRecord = { id: number; storageKey: string; sha256: string; mime: string; width: number; height: number };

/** A stored image by id, or null. */
export async function findImage(id: number): Promise<ImageRecord | null> {
  const [row] = await getDb()
    .select({ id: images.id, storageKey: images.storageKey, sha256: images.sha256, mime: images.mime, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.id, id));
  return row ?? null;
}
