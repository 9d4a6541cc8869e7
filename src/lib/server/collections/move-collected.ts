import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { collectFolders, collectItems } from '../db/schema';
import { AppError } from '../errors';

/**
 * Moves materials from one of the user's folders to another (collect/move, ours: docs/product/collections.md#calls has no move). Both folders
 * must be the user's (else "not found", nothing changed) and differ. Materials not in the source are ignored; one
 * already in the target only leaves the source. The moved material counts as collected into the target now.
 */
export async function moveCollected(userId: number, fromFolderId: number, toFolderId: number, materialIds: number[]): Promise<{ moved: number }> {
  if (fromFolderId === toFolderId) throw new AppError(ERROR.fieldInvalid, { message: 'validation.sameFolder', fields: [{ field: 'toFolderId', message: 'validation.sameFolder' }] });
  return getDb().transaction(async (tx) => {
    // Locked, so neither folder can be removed between the check and the insert.
    const own = await tx
      .select({ id: collectFolders.id })
      .from(collectFolders)
      .where(and(eq(collectFolders.userId, userId), inArray(collectFolders.id, [fromFolderId, toFolderId])))
      .for('update');
    if (own.length !== 2) throw new AppError(ERROR.empty, { message: 'validation.folderNotFound' });
    const taken = await tx
      .delete(collectItems)
      .where(and(eq(collectItems.folderId, fromFolderId), inArray(collectItems.materialId, materialIds)))
      .returning({ materialId: collectItems.materialId, version: collectItems.version });
    if (taken.length > 0) {
      await tx
        .insert(collectItems)
        .values(taken.map((item) => ({ folderId: toFolderId, materialId: item.materialId, version: item.version })))
        .onConflictDoNothing();
    }
    return { moved: taken.length };
  });
}
