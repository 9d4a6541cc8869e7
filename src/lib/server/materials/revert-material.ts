import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { colorCards, materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { saveMaterial } from './save-material';
import { inputFromSnapshot } from './snapshot-input';
import type { StoredMaterial } from './stored-material';
import { existingMaterial } from './published-material';

/**
 * Reverts a material to an earlier version (docs/product/catalogue.md#states "history allows revert"): the old content becomes a new, latest
 * version, so the history only grows and the revert itself can be reverted. Color cards that still exist keep
 * their ids; ones removed since come back as new cards.
 */
export async function revertMaterial(companyId: number, creatorId: number, materialId: number, version: number): Promise<{ id: number; version: number }> {
  const db = getDb();
  const [row] = await db
    .select({ data: materialVersions.data })
    .from(materialVersions)
    .innerJoin(materials, eq(materials.id, materialVersions.materialId))
    .where(and(eq(materialVersions.materialId, materialId), eq(materialVersions.version, version), eq(materials.companyId, companyId), existingMaterial));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const old = row.data as StoredMaterial;
  const current = new Set((await db.select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, materialId))).map((r) => r.id));
  const [live] = await db.select({ domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas }).from(materials).where(eq(materials.id, materialId));
  // Reverting content does not change where the material is on sale.
  const marketTypes = [...(live?.domestic ? [1] : []), ...(live?.overseas ? [2] : [])];
  return saveMaterial(inputFromSnapshot(old, { companyId, creatorId }, current, marketTypes), { materialId });
}
