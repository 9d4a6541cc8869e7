import type { Readable } from 'node:stream';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { verifyStorageSignature } from '../storage/storage-signature';
import { uploadNotFound } from './upload-paths';

/** An object of the local store by its signed download link (what `signedGetUrl` hands out). */
export async function openSignedObject(link: { key: string; exp: number; sig: string }): Promise<{ stream: Readable; size: number }> {
  if (!verifyStorageSignature('get', [link.key], link.exp, link.sig)) throw new AppError(ERROR.authError, { message: 'validation.fileLinkInvalid' });
  const storage = getStorage();
  const info = await storage.stat(link.key);
  const stream = info ? await storage.getStream(link.key) : null;
  if (!info || !stream) throw uploadNotFound();
  return { stream, size: info.size };
}
