import { HASH_CHUNK_BYTES } from './limits';

/**
 * The file key (docs/product/storage.md#the-file-key): an MD5 over the file's size and chunk count, then its first,
 * middle and last 1 MiB chunks, so a large file is keyed after reading at most 3 MiB of it. The browser computes it
 * in a worker (spark-md5); the server recomputes it from the stored bytes and refuses a key that does not match.
 * Isomorphic: no hashing here, only what to hash and how the key is spelled.
 */
export interface FileKeyPlan {
  /** Hashed first, as UTF-8: `<size>:<chunk count>`. */
  prefix: string;
  /** Byte ranges [start, end) hashed after the prefix, in order. */
  ranges: Array<[number, number]>;
}

export function fileKeyPlan(size: number, chunkBytes = HASH_CHUNK_BYTES): FileKeyPlan {
  const count = Math.max(1, Math.ceil(size / chunkBytes));
  const indices = [...new Set([0, Math.floor(count / 2), count - 1])];
  return {
    prefix: `${size}:${count}`,
    ranges: indices.map((i) => [i * chunkBytes, Math.min(size, (i + 1) * chunkBytes)] as [number, number]),
  };
}

/** `<md5>[_c<level>].<ext>`: the compress suffix marks a copy re-encoded at that level, so it never collides with the original. */
export function fileKeyOf(md5Hex: string, extension: string, compressLevel?: number): string {
  const suffix = compressLevel === undefined ? '' : `_c${compressLevel}`;
  return `${md5Hex.toLowerCase()}${suffix}${extension ? `.${extension.toLowerCase()}` : ''}`;
}

export const FILE_KEY_PATTERN = /^([0-9a-f]{32})(?:_c(\d{1,3}))?(?:\.([a-z0-9]{1,8}))?$/;

export function parseFileKey(key: string): { md5: string; compressLevel?: number; extension: string } | null {
  const m = FILE_KEY_PATTERN.exec(key);
  if (!m) return null;
  return { md5: m[1]!, ...(m[2] !== undefined ? { compressLevel: Number(m[2]) } : {}), extension: m[3] ?? '' };
}
