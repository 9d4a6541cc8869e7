import { and, eq } from 'drizzle-orm';
import { getT, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { images, uploadedFiles } from '../db/schema';
import { AppError } from '../errors';
import { storeImage } from '../images/store-image';
import { getStorage } from '../storage';

/**
 * Keeps one picture of an import's zip as the editor's uploads are kept (docs/product/material-editor.md#pictures):
 * `storeImage` checks it with sharp and stores it once for everyone; when another company stored those bytes first,
 * the company gets its own upload record of them (`uploaded_files`), as an upload of the same file would give it, so
 * the editor's picture check accepts it. A refused picture answers the reason in `lang`, for the row's error.
 */
export async function storeImportImage(companyId: number, bytes: Buffer, lang: Lang): Promise<{ id: number } | { refused: string }> {
  let stored;
  try {
    stored = await storeImage(bytes, { companyId });
  } catch (err) {
    if (err instanceof AppError) return { refused: getT(lang)(err.message) };
    throw err;
  }
  const db = getDb();
  const [row] = await db.select({ companyId: images.companyId, mime: images.mime, storageKey: images.storageKey }).from(images).where(eq(images.id, stored.id));
  if (!row || row.companyId === companyId) return { id: stored.id };
  const [own] = await db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(and(eq(uploadedFiles.companyId, companyId), eq(uploadedFiles.imageId, stored.id))).limit(1);
  if (own) return { id: stored.id };
  const storage = getStorage();
  const relativePath = `u/${companyId}/import-${stored.sha256}.${row.storageKey.split('.').pop()}`;
  if (!(await storage.exists(relativePath))) await storage.put(relativePath, bytes, row.mime);
  await db.insert(uploadedFiles).values({ relativePath, fullRegion: storage.location.region, companyId, size: bytes.length, mime: row.mime, imageId: stored.id }).onConflictDoNothing();
  return { id: stored.id };
}
