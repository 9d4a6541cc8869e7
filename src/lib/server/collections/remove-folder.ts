import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { collectFolders } from '../db/schema';
import { requireOwnFolder } from './own-folder';

/** Removes one of the user's folders with everything in it (docs/product/collections.md#calls folder/remove; the items cascade). */
export async function removeFolder(userId: number, folderId: number): Promise<{ id: number }> {
  await requireOwnFolder(userId, folderId);
  await getDb()
    .delete(collectFolders)
    .where(and(eq(collectFolders.id, folderId), eq(collectFolders.userId, userId)));
  return { id: folderId };
}
