import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { uploadAbortRequestSchema } from '../../contracts/storage';
import { getDb } from '../db/client';
import { multipartUploads } from '../db/schema';
import { getStorage } from '../storage';
import { findUpload } from './find-upload';

/** Give an upload up: its parts are dropped and it can no longer be continued. */
export async function abortUpload(companyId: number, input: z.input<typeof uploadAbortRequestSchema>): Promise<{ aborted: true }> {
  const { key, uploadId } = uploadAbortRequestSchema.parse(input);
  const upload = await findUpload(companyId, key, uploadId);
  await getStorage().abortMultipartUpload(upload.relativePath, uploadId);
  await getDb().delete(multipartUploads).where(eq(multipartUploads.uploadId, uploadId));
  return { aborted: true };
}
