import { and, eq, or } from 'drizzle-orm';
import type { MaterialUsageRequest } from '../../contracts/material-edit';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materials, materialUsages } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial, visibleMaterial } from './published-material';

/**
 * Records that the caller used a material (docs/product/supplier.md#usage-records). Only a material the caller
 * can see counts: published, or their company's own; anything else is 100404, so ids cannot be probed.
 */
export async function recordMaterialUsage(viewer: { userId: number; companyId: number | null }, usage: MaterialUsageRequest, now: Date = new Date()): Promise<{ id: number }> {
  const db = getDb();
  const seeable = viewer.companyId === null ? visibleMaterial : or(visibleMaterial, and(eq(materials.companyId, viewer.companyId), existingMaterial))!;
  const [material] = await db.select({ id: materials.id }).from(materials).where(and(eq(materials.id, usage.materialId), seeable));
  if (!material) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const [row] = await db.insert(materialUsages).values({ materialId: material.id, companyId: viewer.companyId, userId: viewer.userId, kind: usage.kind, createdAt: now }).returning({ id: materialUsages.id });
  if (!row) throw new Error('usage insert returned no row');
  return { id: row.id };
}
