export { getStorage, storageUploadOrigin } from './get-storage';
export { assertStorageKey, type ObjectStorage, type StorageLocation, type UploadedPart } from './object-storage';
export { LocalDiskStorage } from './local-disk-storage';
export { readObject, requireObject } from './read-object';
export { S3Storage } from './s3-storage';
