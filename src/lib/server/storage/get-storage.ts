import path from 'node:path';
import { dataDir, env } from '../env';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';
import { parseStorageUrl, uploadOriginOf } from './storage-url';

let cached: { source: string; storage: ObjectStorage } | undefined;

/**
 * The object store: an S3-compatible store when `STORAGE_URL` is set (docs/operations.md), else the local disk
 * under `<dataDir>/files/`. Nothing else in the app knows where objects live.
 */
export function getStorage(): ObjectStorage {
  const url = env().STORAGE_URL;
  const source = url ? `s3 ${url}` : `local ${path.join(dataDir(), 'files')}`;
  if (cached?.source !== source) cached = { source, storage: url ? new S3Storage(parseStorageUrl(url)) : new LocalDiskStorage(path.join(dataDir(), 'files')) };
  return cached.storage;
}

let origin: { url: string | undefined; origin: string | null } | undefined;

/** Where the browser uploads besides the site itself: the S3 store's origin, or null for the local disk. Every page asks. */
export function storageUploadOrigin(): string | null {
  const url = env().STORAGE_URL;
  if (!origin || origin.url !== url) origin = { url, origin: url ? uploadOriginOf(parseStorageUrl(url)) : null };
  return origin.origin;
}
