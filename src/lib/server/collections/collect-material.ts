import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { collectFolders, collectItems, materials } from '../db/schema';
import { AppError } from '../errors';
import { visibleMaterial } from '../materials/published-material';

/**
 * Collects a material into one or more of the user's folders (docs/product/collections.md#rules, docs/product/collections.md#calls collect/add). A target folder is required
 * (100101); every folder must be the user's own; the material must be published and not deleted, and not one of
 * the caller's current company. The material's current version is kept. Collecting again is a no-op.
 */
export async function collectMaterial(userId: number, currentCompanyId: number | null, materialId: number, folderIds: number[]): Promise<{ collectFolderIds: number[] }> {
  const wanted = [...new Set(folderIds)];
  if (wanted.length === 0) throw new AppError(ERROR.folderRequired, { message: 'validation.folderRequired' });
  const db = getDb();
  const [material] = await db
    .select({ id: materials.id, companyId: materials.companyId, version: materials.version })
    .from(materials)
    .where(and(eq(materials.id, materialId), visibleMaterial));
  if (!material) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  if (currentCompanyId !== null && material.companyId === currentCompanyId) throw new AppError(ERROR.fieldInvalid, { message: 'validation.collectOwnMaterial' });
  const own = await db
    .select({ id: collectFolders.id })
    .from(collectFolders)
    .where(and(eq(collectFolders.userId, userId), inArray(collectFolders.id, wanted)));
  if (own.length !== wanted.length) throw new AppError(ERROR.empty, { message: 'validation.folderNotFound' });
  await db
    .insert(collectItems)
    .values(wanted.map((folderId) => ({ folderId, materialId, version: material.version })))
    .onConflictDoNothing();
  return { collectFolderIds: wanted };
}
