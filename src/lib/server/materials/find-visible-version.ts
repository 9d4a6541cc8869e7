import { and, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST } from '../../constants';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { isPublished } from './published-material';
import type { StoredMaterial } from './stored-material';

export type VisibleVersion = { version: number; created: Date; modified: Date; snapshot: StoredMaterial };

/**
 * One version (-1 the latest) of a material the viewer may read, as the detail decides: anyone for a published
 * material, its own company for an unpublished one. Unknown, deleted, hidden or no such version is the same 100404,
 * so what is downloaded from a material (documents, files, maps) cannot be used to probe ids.
 */
export async function findVisibleVersion(materialId: number, version: number, viewerCompanyId: number | null): Promise<VisibleVersion> {
  const notFound = () => new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const db = getDb();
  const [m] = await db
    .select({ version: materials.version, companyId: materials.companyId, isDelete: materials.isDelete, onMarketDomestic: materials.onMarketDomestic, onMarketOverseas: materials.onMarketOverseas, created: materials.gmtCreateTime, modified: materials.gmtModifyTime })
    .from(materials)
    .where(eq(materials.id, materialId));
  if (!m || m.isDelete === 1 || !(isPublished(m) || m.companyId === viewerCompanyId)) throw notFound();
  const wanted = version === DETAIL_VERSION_LATEST ? m.version : version;
  const [row] = await db.select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, materialId), eq(materialVersions.version, wanted)));
  if (!row) throw notFound();
  return { version: wanted, created: m.created, modified: m.modified, snapshot: row.data as StoredMaterial };
}
