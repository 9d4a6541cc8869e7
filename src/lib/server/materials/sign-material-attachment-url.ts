import { and, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST, SIGNED_URL_TTL_S } from '../../constants';
import { ERROR } from '../../errors';
import { extensionOf } from '../../upload/limits';
import { getDb } from '../db/client';
import { materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { isPublished } from './published-material';
import { attachmentsOf, type StoredMaterial } from './stored-material';

/**
 * A download link, valid 900 seconds, for document `index` of a material's version (docs/product/catalogue.md#documents).
 * Whoever may read the detail may download its documents: anyone for a published material, its own company for an
 * unpublished one. Anything else (unknown, deleted, hidden, no such version or document) is the same 100404.
 */
export async function signMaterialAttachmentUrl(materialId: number, version: number, index: number, viewerCompanyId: number | null): Promise<string> {
  const notFound = () => new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const db = getDb();
  const [m] = await db
    .select({ version: materials.version, companyId: materials.companyId, isDelete: materials.isDelete, onMarketDomestic: materials.onMarketDomestic, onMarketOverseas: materials.onMarketOverseas })
    .from(materials)
    .where(eq(materials.id, materialId));
  if (!m || m.isDelete === 1 || !(isPublished(m, 1) || m.companyId === viewerCompanyId)) throw notFound();
  const wanted = version === DETAIL_VERSION_LATEST ? m.version : version;
  const [row] = await db.select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, materialId), eq(materialVersions.version, wanted)));
  const file = row ? attachmentsOf(row.data as StoredMaterial)[index] : undefined;
  if (!file) throw notFound();
  return getStorage().signedGetUrl(file.relativePath, SIGNED_URL_TTL_S, { downloadName: downloadName(file.name, file.relativePath) });
}

/** The display name with the file's own extension, so the saved file opens in the right program. */
function downloadName(name: string, relativePath: string): string {
  const ext = extensionOf(relativePath);
  return ext && extensionOf(name) !== ext ? `${name}.${ext}` : name;
}
