import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images } from '../db/schema';
import { getStorage } from '../storage';
import { checkImage } from './check-image';
import { ACCEPTED_IMAGE_FORMATS } from './presets';

export type StoredImage = { id: number; width: number; height: number; sha256: string };

/**
 * Store an original image once (docs/product/catalogue.md#rules uploads), if `checkImage` accepts it. The bytes are
 * kept as uploaded under a key made from their SHA-256, so the same image stored twice, even at the same moment, is one row and one object. Width and height
 * are those after EXIF orientation: derivatives are auto-oriented (`renderPreset`).
 */
export async function storeImage(input: Buffer, opts: { companyId?: number | null } = {}): Promise<StoredImage> {
  const { format, width, height } = await checkImage(input);
  const { ext, mime } = ACCEPTED_IMAGE_FORMATS[format];

  const sha256 = createHash('sha256').update(input).digest('hex');
  const storageKey = `img/${sha256.slice(0, 2)}/${sha256}.${ext}`;
  const db = getDb();

  const [existing] = await db.select({ id: images.id, width: images.width, height: images.height, sha256: images.sha256 }).from(images).where(eq(images.sha256, sha256));
  if (existing) return existing;

  // Object first, row second: a row never names a missing object. Two callers with the same bytes write the same
  // object (atomic rename) and one row wins the insert; the other reads it back.
  const storage = getStorage();
  if (!(await storage.exists(storageKey))) await storage.put(storageKey, input, mime);
  const [inserted] = await db
    .insert(images)
    .values({ storageKey, sha256, mime, width, height, bytes: input.length, companyId: opts.companyId ?? null })
    .onConflictDoNothing()
    .returning({ id: images.id, width: images.width, height: images.height, sha256: images.sha256 });
  if (inserted) return inserted;
  const [winner] = await db.select({ id: images.id, width: images.width, height: images.height, sha256: images.sha256 }).from(images).where(eq(images.sha256, sha256));
  if (!winner) throw new Error(`image ${sha256} neither inserted nor found`);
  return winner;
}
