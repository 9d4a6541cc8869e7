import { SIGNED_URL_TTL_S } from '../../constants';
import { FILE_KEY_PATTERN } from '../../upload/file-key';
import { getStorage } from '../storage';
import { findUploadedFile } from './find-uploaded-file';
import { relativePathOf, uploadNotFound } from './upload-paths';

/**
 * A download link valid 900 seconds (docs/product/storage.md#calls) for a file of the caller's company, named by its
 * relative path or its bare file key. Another company's file is not found.
 */
export async function signFileUrl(companyId: number, key: string, now = Date.now()): Promise<{ url: string; expiresAt: string }> {
  const relativePath = FILE_KEY_PATTERN.test(key) ? relativePathOf(companyId, key) : key;
  if (!(await findUploadedFile(companyId, relativePath))) throw uploadNotFound();
  const url = await getStorage().signedGetUrl(relativePath, SIGNED_URL_TTL_S);
  return { url, expiresAt: new Date(Math.floor(now / 1000) * 1000 + SIGNED_URL_TTL_S * 1000).toISOString() };
}
