import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { images } from '../db/schema';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { ACCEPTED_IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, QUERY_PHOTO_RETENTION_HOURS, type AcceptedImageFormat } from './presets';

export type StoredImage = { id: number; width: number; height: number; sha256: string };

const COLUMNS = { id: images.id, width: images.width, height: images.height, sha256: images.sha256 };
const HOUR_MS = 60 * 60 * 1000;

/** Messages are i18n keys: the API answers them in the caller's language. */
const rejected = (code: number, message: string) => new AppError(code, { message, fields: [{ field: 'file', message }] });

/**
 * Store an original image once (docs/product/catalogue.md#rules uploads, docs/product/constants.md limits): it must really be a jpeg, png or webp (decoded header,
 * not the name), at most 5 MB and 40 megapixels. The bytes are kept as uploaded under a key made from their
 * SHA-256, so the same image stored twice, even at the same moment, is one row and one object. Width and height
 * are those after EXIF orientation: derivatives are auto-oriented (`renderPreset`).
 *
 * `searchQuery` stores a photo only to search with (docs/product/search.md#query-photos): it belongs to no company
 * and is kept QUERY_PHOTO_RETENTION_HOURS after its last search. The same bytes stored for anything else make it an
 * ordinary image of that company, kept for good.
 */
export async function storeImage(input: Buffer, opts: { companyId?: number | null; searchQuery?: boolean } = {}): Promise<StoredImage> {
  if (input.length === 0) throw rejected(ERROR.fieldInvalid, 'validation.imageEmpty');
  if (input.length > IMAGE_MAX_BYTES) throw rejected(ERROR.fieldTooLong, 'validation.imageTooLarge');

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected(ERROR.fieldInvalid, 'validation.imageNotImage');
  }
  const format = meta.format as string;
  if (!Object.hasOwn(ACCEPTED_IMAGE_FORMATS, format)) throw rejected(ERROR.fieldInvalid, 'validation.imageFormat');
  const { ext, mime } = ACCEPTED_IMAGE_FORMATS[format as AcceptedImageFormat];
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw rejected(ERROR.fieldInvalid, 'validation.imageNoSize');
  if (width * height > IMAGE_MAX_PIXELS) throw rejected(ERROR.fieldTooLong, 'validation.imageTooManyPixels');
  // The header can lie about the rest of the file: decode it once (bounded by the pixel cap) before keeping it.
  try {
    await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw rejected(ERROR.fieldInvalid, 'validation.imageDamaged');
  }

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
