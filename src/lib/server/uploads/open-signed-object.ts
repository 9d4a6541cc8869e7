import type { Readable } from 'node:stream';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { verifyStorageSignature } from '../storage/storage-signature';
import { uploadNotFound } from './upload-paths';

/** An object of the local store by its signed download link (what `signedGetUrl` hands out), with the name it was signed with. */
export async function openSignedObject(link: { key: string; exp: number; sig: string; name?: string | undefined }): Promise<{ stream: Readable; size: number }> {
  const fields = link.name ? [link.key, link.name] : [link.key];
  if (!verifyStorageSignature('get', fields, link.exp, link.sig)) throw new AppError(ERROR.authError, { message: 'validation.fileLinkInvalid' });
  const storage = getStorage();
  const info = await storage.stat(link.key);
  const stream = info ? await storage.getStream(link.key) : null;
  if (!info || !stream) throw uploadNotFound();
  return { stream, size: info.size };
}
