import type { UploadedPart } from '../storage';
import { ERROR } from '../../errors';
import { UPLOAD_PART_BYTES } from '../../upload/limits';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { LocalDiskStorage, PartTooLargeError, UnknownUploadError } from '../storage/local-disk-storage';
import { verifyStorageSignature } from '../storage/storage-signature';
import { uploadNotFound } from './upload-paths';

export interface PartLink {
  uploadId: string;
  partNumber: number;
  key: string;
  exp: number;
  sig: string;
}

/**
 * One part sent to the local store's part endpoint (docs/product/storage.md#multipart-uploads). The signed link is
 * the authorisation (it was handed to a member of the company that owns the upload); the body is streamed to disk,
 * at most one part's worth, and the part's MD5 is its tag.
 */
export async function receiveUploadPart(link: PartLink, body: AsyncIterable<Uint8Array>): Promise<UploadedPart> {
  if (!verifyStorageSignature('part', [link.uploadId, link.partNumber, link.key], link.exp, link.sig)) {
    throw new AppError(ERROR.authError, { message: 'validation.fileLinkInvalid' });
  }
  const storage = getStorage();
  if (!(storage instanceof LocalDiskStorage)) throw uploadNotFound();
  try {
    return await storage.writePart(link.key, link.uploadId, link.partNumber, body, UPLOAD_PART_BYTES);
  } catch (err) {
    if (err instanceof PartTooLargeError) throw new AppError(ERROR.payloadTooLarge, { message: 'validation.filePartTooLarge' });
    if (err instanceof UnknownUploadError) throw uploadNotFound();
    throw err;
  }
}
