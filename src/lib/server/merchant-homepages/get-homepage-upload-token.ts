import type { SessionContext } from '../../contracts/identity';
import type { StorageToken } from '../../contracts/storage';
import { getStorageToken } from '../uploads/get-storage-token';
import { requireHomepageEditor } from './require-homepage-editor';

/**
 * The upload parameters for a homepage's pictures: the company's object-storage token, since homepage pictures go
 * through the same uploads as every other file (docs/product/storage.md#multipart-uploads).
 */
export function getHomepageUploadToken(session: SessionContext): StorageToken {
  return getStorageToken(requireHomepageEditor(session).companyId);
}
