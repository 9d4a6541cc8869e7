import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { multipartUploads } from '../db/schema';
import { relativePathOf, uploadNotFound } from './upload-paths';

export type UploadInProgress = typeof multipartUploads.$inferSelect & { relativePath: string };

/** An upload in progress of the caller's company for this key; another company's, or none, is 100404. */
export async function findUpload(companyId: number, fileKey: string, uploadId: string): Promise<UploadInProgress> {
  const [row] = await getDb()
    .select()
    .from(multipartUploads)
    .where(and(eq(multipartUploads.uploadId, uploadId), eq(multipartUploads.companyId, companyId), eq(multipartUploads.fileKey, fileKey)));
  if (!row) throw uploadNotFound();
  return { ...row, relativePath: relativePathOf(companyId, row.fileKey) };
}
