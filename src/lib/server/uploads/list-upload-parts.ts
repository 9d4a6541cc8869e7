import type { z } from 'zod';
import { uploadPartsQuerySchema, type uploadPartsResultSchema } from '../../contracts/storage';
import { getStorage } from '../storage';
import { findUpload } from './find-upload';

/** The parts the store holds for an upload: a client resuming it sends only the others (docs/product/storage.md#multipart-uploads). */
export async function listUploadParts(companyId: number, input: z.input<typeof uploadPartsQuerySchema>): Promise<z.output<typeof uploadPartsResultSchema>> {
  const { key, uploadId } = uploadPartsQuerySchema.parse(input);
  const upload = await findUpload(companyId, key, uploadId);
  return { parts: await getStorage().listParts(upload.relativePath, uploadId) };
}
