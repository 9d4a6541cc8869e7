import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CollectFolder, FolderListQuery, FolderPage } from '../../contracts/collections';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { collectFolders, collectItems, materials } from '../db/schema';
import { materialCardsByIds } from '../materials/find-materials';
import { visibleMaterial } from '../materials/published-material';
import { containsPattern } from '../db/contains-pattern';


/**
 * The user's collection folders (collect/folder/list), newest first, filtered by a keyword in the name: each
 * with its item count and the cover of the material collected last.
 */
export async function listFolders(userId: number, query: FolderListQuery, options: { lang: Lang }): Promise<FolderPage> {
  const db = getDb();
  const where = and(eq(collectFolders.userId, userId), query.keyword ? sql`${collectFolders.name} ilike ${containsPattern(query.keyword)}` : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select({ id: collectFolders.id, name: collectFolders.name, bgColor: collectFolders.bgColor })
      .from(collectFolders)
      .where(where)
      .orderBy(desc(collectFolders.createdAt), desc(collectFolders.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(collectFolders).where(where),
  ]);
  return { records: await withCountsAndCovers(rows, options.lang), total: totals[0]?.n ?? 0 };
}

/** Counts and covers for the given folders (also used to answer a single folder after add or rename). */
export async function withCountsAndCovers(rows: { id: number; name: string; bgColor: string }[], lang: Lang): Promise<CollectFolder[]> {
  if (rows.length === 0) return [];
  const db = getDb();
  const ids = rows.map((r) => r.id);
  const visible = and(inArray(collectItems.folderId, ids), visibleMaterial);
  const [counts, newest] = await Promise.all([
    db.select({ folderId: collectItems.folderId, n: count() }).from(collectItems).innerJoin(materials, eq(materials.id, collectItems.materialId)).where(visible).groupBy(collectItems.folderId),
    db
      .selectDistinctOn([collectItems.folderId], { folderId: collectItems.folderId, materialId: collectItems.materialId })
      .from(collectItems)
      .innerJoin(materials, eq(materials.id, collectItems.materialId))
      .where(visible)
      .orderBy(asc(collectItems.folderId), desc(collectItems.createdAt), desc(collectItems.materialId)),
  ]);
  const cards = await materialCardsByIds([...new Set(newest.map((n) => n.materialId))], { lang });
  const coverOf = new Map(cards.map((c) => [c.id, c.cover]));
  const countOf = new Map(counts.map((c) => [c.folderId, c.n]));
  const newestOf = new Map(newest.map((n) => [n.folderId, n.materialId]));
  return rows.map((r) => {
    const materialId = newestOf.get(r.id);
    return { id: r.id, name: r.name, bgColor: r.bgColor, count: countOf.get(r.id) ?? 0, cover: materialId === undefined ? null : (coverOf.get(materialId) ?? null) };
  });
}
