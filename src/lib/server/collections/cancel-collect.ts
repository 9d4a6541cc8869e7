import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { collectItems } from '../db/schema';
import { requireOwnFolder } from './own-folder';

/** Takes materials out of one of the user's folders (docs/product/collections.md#calls collect/cancel/folder); idempotent. */
export async function cancelCollect(userId: number, folderId: number, materialIds: number[]): Promise<{ removed: number }> {
  await requireOwnFolder(userId, folderId);
  const removed = await getDb()
    .delete(collectItems)
    .where(and(eq(collectItems.folderId, folderId), inArray(collectItems.materialId, materialIds)))
    .returning({ materialId: collectItems.materialId });
  return { removed: removed.length };
}
