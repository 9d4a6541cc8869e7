/**
 * The file key's MD5 (docs/product/uploading.md#the-file-key), computed in the browser: the plan's prefix as
 * UTF-8, then each planned byte range, fed to spark-md5 incrementally so memory stays at one chunk. Pure and
 * DOM-free, so the hash worker runs it and the unit tests compare it with node:crypto over the same plan.
 */
import SparkMD5 from 'spark-md5';
import { fileKeyOf, fileKeyPlan } from '../../../lib/upload/file-key';
import { extensionOf } from '../../../lib/upload/limits';

/** Bytes hashed so far and in all, for a progress bar. */
export type HashProgress = (loaded: number, total: number) => void;

/** The bytes behind a view, copied only when the view does not cover its whole buffer. */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer) return buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

/** MD5 (lower-case hex) of `prefix` (UTF-8) followed by the given ranges of `blob`, read one range at a time. */
export async function md5OfRanges(blob: Blob, prefix: string, ranges: ReadonlyArray<readonly [number, number]>, onProgress?: HashProgress): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  if (prefix) spark.append(exactBuffer(new TextEncoder().encode(prefix)));
  const total = ranges.reduce((sum, [start, end]) => sum + (end - start), 0);
  let loaded = 0;
  onProgress?.(0, total);
  for (const [start, end] of ranges) {
    spark.append(await blob.slice(start, end).arrayBuffer());
    loaded += end - start;
    onProgress?.(loaded, total);
  }
  return spark.end();
}

/** The MD5 the file key is built from: the plan of `fileKeyPlan` for the blob's size. */
export function fileKeyMd5(blob: Blob, onProgress?: HashProgress): Promise<string> {
  const plan = fileKeyPlan(blob.size);
  return md5OfRanges(blob, plan.prefix, plan.ranges, onProgress);
}

/** The whole blob in `chunkBytes` ranges: the whole-file MD5 the file key avoids (kept for the benchmark). */
export function wholeRanges(size: number, chunkBytes: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < size; start += chunkBytes) ranges.push([start, Math.min(size, start + chunkBytes)]);
  return ranges;
}

/** The file's key: `<md5>.<extension of its name>` (no compress suffix: the original as chosen). */
export async function computeFileKey(file: Blob, name: string, onProgress?: HashProgress): Promise<string> {
  return fileKeyOf(await fileKeyMd5(file, onProgress), extensionOf(name));
}
