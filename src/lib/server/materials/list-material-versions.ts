import { and, desc, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materials, materialVersions, users } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from './published-material';

export type MaterialVersionRow = { version: number; name: string; colorCount: number; creator: string | null; createdAt: string; isLatest: boolean };

/** A material's versions, newest first (docs/product/catalogue.md#calls history/version), for its own company only. */
export async function listMaterialVersions(companyId: number, materialId: number): Promise<MaterialVersionRow[]> {
  const db = getDb();
  const [material] = await db
    .select({ version: materials.version })
    .from(materials)
    .where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial));
  if (!material) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const rows = await db
    .select({ version: materialVersions.version, data: materialVersions.data, createdAt: materialVersions.createdAt, creator: users.name })
    .from(materialVersions)
    .leftJoin(users, eq(users.id, materialVersions.creatorId))
    .where(eq(materialVersions.materialId, materialId))
    .orderBy(desc(materialVersions.version));
  return rows.map((r) => ({
    version: r.version,
    name: String(r.data.nameCn ?? ''),
    colorCount: Array.isArray(r.data.colorCards) ? r.data.colorCards.length : 0,
    creator: r.creator,
    createdAt: r.createdAt.toISOString(),
    isLatest: r.version === material.version,
  }));
}
