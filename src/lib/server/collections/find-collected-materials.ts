import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { collectFolders, collectItems } from '../db/schema';

/** Which of these materials are in any of the user's folders (docs/product/collections.md#calls): the grid's filled hearts. */
export async function findCollectedMaterials(userId: number, materialIds: number[]): Promise<{ materialIds: number[] }> {
  const rows = await getDb()
    .selectDistinct({ id: collectItems.materialId })
    .from(collectItems)
    .innerJoin(collectFolders, eq(collectFolders.id, collectItems.folderId))
    .where(and(eq(collectFolders.userId, userId), inArray(collectItems.materialId, materialIds)));
  const held = new Set(rows.map((r) => r.id));
  return { materialIds: materialIds.filter((id) => held.has(id)) };
}
