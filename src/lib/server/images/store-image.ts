import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images } from '../db/schema';
import { getStorage } from '../storage';
import { checkImage } from './check-image';
import { ACCEPTED_IMAGE_FORMATS, QUERY_PHOTO_RETENTION_HOURS } from './presets';

export type StoredImage = { id: number; width: number; height: number; sha256: string };

const COLUMNS = { id: images.id, width: images.width, height: images.height, sha256: images.sha256 };
const HOUR_MS = 60 * 60 * 1000;

/**
 * Store an original image once (docs/product/catalogue.md#rules uploads), if `checkImage` accepts it. The bytes are
 * kept as uploaded under a key made from their SHA-256, so the same image stored twice, even at the same moment, is one row and one object. Width and height
 * are those after EXIF orientation: derivatives are auto-oriented (`renderPreset`).
 *
 * `searchQuery` stores a photo only to search with (docs/product/search.md#query-photos): it belongs to no company
 * and is kept QUERY_PHOTO_RETENTION_HOURS after its last search. The same bytes stored for anything else make it an
 * ordinary image of that company, kept for good.
 */
export async function storeImage(input: Buffer, opts: { companyId?: number | null; searchQuery?: boolean } = {}): Promise<StoredImage> {
  const { format, width, height } = await checkImage(input);
  const { ext, mime } = ACCEPTED_IMAGE_FORMATS[format];

  const sha256 = createHash('sha256').update(input).digest('hex');
  const storageKey = `img/${sha256.slice(0, 2)}/${sha256}.${ext}`;
  const db = getDb();

  const keptUntil = opts.searchQuery ? new Date(Date.now() + QUERY_PHOTO_RETENTION_HOURS * HOUR_MS) : null;
  const companyId = opts.searchQuery ? null : (opts.companyId ?? null);
  const existing = await adopt(sha256, keptUntil, companyId);
  if (existing) return existing;

  // Object first, row second: a row never names a missing object. Two callers with the same bytes write the same
  // object (atomic rename) and one row wins the insert; the other reads it back.
  const storage = getStorage();
  if (!(await storage.exists(storageKey))) await storage.put(storageKey, input, mime);
  const [inserted] = await db
    .insert(images)
    .values({ storageKey, sha256, mime, width, height, bytes: input.length, companyId, queryKeptUntil: keptUntil })
    .onConflictDoNothing()
    .returning(COLUMNS);
  if (inserted) {
    // The pruning of an expired query photo with these bytes removes its object before its delete commits, and this
    // insert waited for that commit: the object may have gone since it was looked for.
    if (!(await storage.exists(storageKey))) await storage.put(storageKey, input, mime);
    return inserted;
  }
  const winner = await adopt(sha256, keptUntil, companyId);
  if (!winner) throw new Error(`image ${sha256} neither inserted nor found`);
  return winner;
}

/**
 * The stored image with these bytes, if any. A query photo's is taken over: another search keeps it longer, any
 * other use makes it the caller's for good. Anything else is left as it is.
 */
async function adopt(sha256: string, keptUntil: Date | null, companyId: number | null): Promise<StoredImage | null> {
  const db = getDb();
  const [query] = await db
    .update(images)
    .set(keptUntil ? { queryKeptUntil: keptUntil } : { queryKeptUntil: null, companyId })
    .where(and(eq(images.sha256, sha256), isNotNull(images.queryKeptUntil)))
    .returning(COLUMNS);
  if (query) return query;
  const [row] = await db.select(COLUMNS).from(images).where(eq(images.sha256, sha256));
  return row ?? null;
}
