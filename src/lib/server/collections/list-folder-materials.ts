import { and, count, desc, eq } from 'drizzle-orm';
import type { CollectedPage, CollectListQuery } from '../../contracts/collections';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { collectItems, materials } from '../db/schema';
import { materialCardsByIds } from '../materials/find-materials';
import { requireOwnFolder } from './own-folder';
import { visibleMaterial } from '../materials/published-material';

/** One of the user's folders, its materials as store tiles, newest collected first (docs/product/collections.md#calls collect/list). */
export async function listFolderMaterials(userId: number, query: CollectListQuery, options: { lang: Lang }): Promise<CollectedPage> {
  const folder = await requireOwnFolder(userId, query.collectFolderId);
  const db = getDb();
  const where = and(eq(collectItems.folderId, folder.id), visibleMaterial);
  const [rows, totals] = await Promise.all([
    db
      .select({ materialId: collectItems.materialId })
      .from(collectItems)
      .innerJoin(materials, eq(materials.id, collectItems.materialId))
      .where(where)
      .orderBy(desc(collectItems.createdAt), desc(collectItems.materialId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(collectItems).innerJoin(materials, eq(materials.id, collectItems.materialId)).where(where),
  ]);
  const records = await materialCardsByIds(rows.map((r) => r.materialId), options);
  return { folder: { id: folder.id, name: folder.name, bgColor: folder.bgColor }, records, total: totals[0]?.n ?? 0 };
}
