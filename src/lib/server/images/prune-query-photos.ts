import { rm } from 'node:fs/promises';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images, materialBooks, materialImages, materials, merchantProfiles, uploadedFiles } from '../db/schema';
import { getStorage } from '../storage';
import { derivativeDir } from './render-preset';

/** Photos deleted per round: the job is queued again soon, so a backlog drains over a few rounds. */
const PRUNE_BATCH = 500;

/**
 * Nothing names the image. Storing the same bytes for another use already clears the query mark (`storeImage`); this
 * also guards an image named by its id since, so a query photo in use is never deleted.
 */
const unreferenced = sql`not exists (select 1 from ${materialImages} where ${materialImages.imageId} = ${images.id})
  and not exists (select 1 from ${materials} where ${materials.coverImageId} = ${images.id})
  and not exists (select 1 from ${materialBooks} where ${materialBooks.coverImageId} = ${images.id})
  and not exists (select 1 from ${merchantProfiles} where ${merchantProfiles.logoImageId} = ${images.id} or ${merchantProfiles.bannerImageId} = ${images.id})
  and not exists (select 1 from ${uploadedFiles} where ${uploadedFiles.imageId} = ${images.id})`;

/**
 * Deletes query photos past their time (docs/product/search.md#query-photos): the row (its descriptors go with it),
 * the original in storage and this process's cached derivatives. Answers how many were deleted.
 */
export async function pruneQueryPhotos(now: Date = new Date()): Promise<number> {
  const db = getDb();
  const expired = and(lt(images.queryKeptUntil, now), unreferenced);
  const candidates = await db.select({ id: images.id }).from(images).where(expired).orderBy(asc(images.queryKeptUntil)).limit(PRUNE_BATCH);
  let deleted = 0;
  for (const { id } of candidates) {
    // The object goes before the delete commits: a search storing the same bytes meanwhile waits for the commit and
    // then stores them again (`storeImage`), while one that refreshed the photo first leaves nothing to delete here.
    const gone = await db.transaction(async (tx) => {
      const [row] = await tx.delete(images).where(and(eq(images.id, id), expired)).returning({ storageKey: images.storageKey });
      if (row) await getStorage().remove(row.storageKey);
      return row !== undefined;
    });
    if (!gone) continue;
    await rm(derivativeDir(id), { recursive: true, force: true });
    deleted += 1;
  }
  return deleted;
}
