import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { saveMetadataRequestSchema, type UploadedFile } from '../../contracts/storage';
import { parseFileKey } from '../../upload/file-key';
import { FILE_TYPE_RULES } from '../../upload/limits';
import { getDb } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { getStorage } from '../storage';
import { findUploadedFile } from './find-uploaded-file';
import { fileKeyInPrefix, uploadNotFound } from './upload-paths';

const MIME_BY_EXTENSION = new Map(FILE_TYPE_RULES.flatMap((r) => r.extensions.map((e) => [e, r.mimes[0] ?? 'application/octet-stream'] as const)));

/**
 * Record files the browser stored itself (docs/product/storage.md#calls): each must lie under the caller's company
 * prefix, name the caller's company and exist in the store, or nothing is saved (100404). A path already recorded
 * has its region updated.
 */
export async function saveFileMetadata(companyId: number, input: z.input<typeof saveMetadataRequestSchema>): Promise<UploadedFile[]> {
  const items = saveMetadataRequestSchema.parse(input);
  const storage = getStorage();
  const checked: Array<{ relativePath: string; fullRegion: string; size: number; mime: string }> = [];
  for (const item of items) {
    const fileKey = item.resourceCompanyId === companyId ? fileKeyInPrefix(companyId, item.relativePath) : null;
    const stored = fileKey ? await storage.stat(item.relativePath) : null;
    if (!fileKey || !stored) throw uploadNotFound();
    const extension = parseFileKey(fileKey)?.extension ?? '';
    checked.push({ relativePath: item.relativePath, fullRegion: item.fullRegion, size: stored.size, mime: MIME_BY_EXTENSION.get(extension) ?? 'application/octet-stream' });
  }
  await getDb().transaction(async (tx) => {
    for (const item of checked) {
      await tx
        .insert(uploadedFiles)
        .values({ relativePath: item.relativePath, fullRegion: item.fullRegion, companyId, size: item.size, mime: item.mime })
        .onConflictDoUpdate({ target: uploadedFiles.relativePath, set: { fullRegion: sql`excluded.full_region` } });
    }
  });
  const files = await Promise.all(checked.map((item) => findUploadedFile(companyId, item.relativePath)));
  return files.filter((f): f is UploadedFile => f !== null);
}
