import type { StorageToken } from '../../contracts/storage';
import { getStorage } from '../storage';
import { expiryIn, signStorageMessage } from '../storage/storage-signature';
import { companyPrefix } from './upload-paths';

/** How long an object-storage token lasts; the browser asks again well before (docs/product/storage.md#data). */
export const STORAGE_TOKEN_TTL_S = 15 * 60;

/**
 * The object-storage token (docs/product/storage.md#data): which store, which bucket, and the company's prefix.
 * It never carries a store secret: parts go through URLs the server signs one by one, and `securityToken` is a
 * short-lived signature over the company and the expiry.
 */
export function getStorageToken(companyId: number, now = Date.now()): StorageToken {
  const { location } = getStorage();
  const expiry = expiryIn(STORAGE_TOKEN_TTL_S, now);
  return {
    provider: location.provider,
    region: location.region,
    // A public identifier of this app towards the store, not a credential.
    accessKeyId: location.provider === 'local' ? 'local' : 'presigned',
    securityToken: `${companyId}.${expiry}.${signStorageMessage('token', [companyId], expiry)}`,
    bucket: location.bucket,
    endPoint: location.endPoint,
    key: companyPrefix(companyId),
    expiration: new Date(expiry * 1000).toISOString(),
  };
}
