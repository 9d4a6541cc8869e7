import { z } from 'zod';
import { uploadPartUrlsRequestSchema, uploadPartUrlsResultSchema } from '../../contracts/storage';
import { ERROR } from '../../errors';
import { UPLOAD_PART_BYTES } from '../../upload/limits';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { findUpload } from './find-upload';

/** A part URL lasts long enough for a slow link to send a part, and no longer. */
export const PART_URL_TTL_S = 60 * 60;

/** Where to PUT each part (docs/product/storage.md#multipart-uploads): presigned by the store, or the app's own endpoint. */
export async function signPartUrls(companyId: number, input: z.input<typeof uploadPartUrlsRequestSchema>, now = Date.now()): Promise<z.output<typeof uploadPartUrlsResultSchema>> {
  const { key, uploadId, partNumbers } = uploadPartUrlsRequestSchema.parse(input);
  const upload = await findUpload(companyId, key, uploadId);
  const partCount = Math.max(1, Math.ceil(upload.size / UPLOAD_PART_BYTES));
  const beyond = partNumbers.find((n) => n > partCount);
  if (beyond !== undefined) throw new AppError(ERROR.fieldTooLong, { message: 'validation.filePartNumber', fields: [{ field: 'partNumbers', message: 'validation.filePartNumber' }] });
  const storage = getStorage();
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + PART_URL_TTL_S * 1000).toISOString();
  const parts = await Promise.all([...new Set(partNumbers)].map(async (partNumber) => ({ partNumber, url: await storage.partUrl(upload.relativePath, uploadId, partNumber, PART_URL_TTL_S), expiresAt })));
  return { parts };
}
