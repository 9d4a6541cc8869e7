import type { StorageConfig } from '../../contracts/storage';
import { ALL_FILE_LIMIT, FILE_TYPE_RULES, UPLOAD_PART_BYTES } from '../../upload/limits';
import { getStorage } from '../storage';

/** How often the browser fetches the config and token again. */
export const STORAGE_CONFIG_REFRESH_MS = 60_000;

/** What the uploader needs before it starts (docs/product/storage.md#calls): the store, part size and the limits. */
export function getStorageConfig(): StorageConfig {
  const { location } = getStorage();
  return {
    provider: location.provider,
    region: location.region,
    bucket: location.bucket,
    endPoint: location.endPoint,
    partBytes: UPLOAD_PART_BYTES,
    allFileLimit: ALL_FILE_LIMIT,
    refreshMs: STORAGE_CONFIG_REFRESH_MS,
    limits: FILE_TYPE_RULES.map((r) => ({ kind: r.kind, extensions: [...r.extensions], maxBytes: r.maxBytes })),
  };
}
