import { asc, inArray, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { multipartUploads } from '../db/schema';
import { logger } from '../logger';
import { getStorage } from '../storage';
import { relativePathOf } from './upload-paths';

/** An upload nobody finished within this time is given up: its parts would otherwise stay on disk or in the bucket forever. */
export const STALE_UPLOAD_DAYS = 7;
const BATCH = 100;

/**
 * Drops the parts of uploads started before `now − STALE_UPLOAD_DAYS` (docs/product/storage.md#multipart-uploads) and forgets
 * them, a batch at a time; a browser that still holds such an upload id starts afresh (its `parts` call answers
 * 100404). Aborting an upload the store no longer knows is not an error, so two processes sweeping at once are harmless.
 */
export async function abortStaleUploads(now = new Date()): Promise<number> {
  const db = getDb();
  const cutoff = new Date(now.getTime() - STALE_UPLOAD_DAYS * 24 * 3600 * 1000);
  let aborted = 0;
  for (;;) {
    const stale = await db
      .select({ uploadId: multipartUploads.uploadId, companyId: multipartUploads.companyId, fileKey: multipartUploads.fileKey })
      .from(multipartUploads)
      .where(lt(multipartUploads.createdAt, cutoff))
      .orderBy(asc(multipartUploads.createdAt))
      .limit(BATCH);
    for (const upload of stale) {
      try {
        await getStorage().abortMultipartUpload(relativePathOf(upload.companyId, upload.fileKey), upload.uploadId);
      } catch (err) {
        logger.warn({ err, uploadId: upload.uploadId }, 'a stale upload could not be aborted at the store');
      }
    }
    if (stale.length) await db.delete(multipartUploads).where(inArray(multipartUploads.uploadId, stale.map((u) => u.uploadId)));
    aborted += stale.length;
    if (stale.length < BATCH) return aborted;
  }
}
