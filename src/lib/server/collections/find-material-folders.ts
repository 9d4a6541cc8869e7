import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { collectFolders, collectItems } from '../db/schema';

/** Which of the user's folders hold the material (docs/product/collections.md#calls collect/belong), for the add-to-folder dialog's checks. */
export async function findMaterialFolders(userId: number, materialId: number): Promise<{ collectFolderIds: number[] }> {
  const rows = await getDb()
    .select({ id: collectFolders.id })
    .from(collectItems)
    .innerJoin(collectFolders, eq(collectFolders.id, collectItems.folderId))
    .where(and(eq(collectFolders.userId, userId), eq(collectItems.materialId, materialId)))
    .orderBy(asc(collectFolders.id));
  return { collectFolderIds: rows.map((r) => r.id) };
}
