export { getStorage } from './get-storage';
export { assertStorageKey, type ObjectStorage } from './object-storage';
export { LocalDiskStorage } from './local-disk-storage';
