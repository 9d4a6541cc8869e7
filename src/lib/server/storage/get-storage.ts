import path from 'node:path';
import { dataDir } from '../env';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';

let cached: { root: string; storage: ObjectStorage } | undefined;

/**
 * The object store. Today: the local disk under `<dataDir>/files/`. The seam for S3-compatible stores (AWS S3,
 * Aliyun OSS, MinIO; docs/architecture.md#entry-points `STORAGE_URL`) is here: an `S3Storage implements ObjectStorage` chosen when that
 * setting is present. Nothing else in the app knows where objects live.
 */
export function getStorage(): ObjectStorage {
  const root = path.join(dataDir(), 'files');
  if (cached?.root !== root) cached = { root, storage: new LocalDiskStorage(root) };
  return cached.storage;
}
