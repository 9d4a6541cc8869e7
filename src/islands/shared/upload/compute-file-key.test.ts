import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileKeyPlan } from '../../../lib/upload/file-key';
import { computeFileKey, fileKeyMd5, md5OfRanges, wholeRanges } from './compute-file-key';

const MB = 1024 * 1024;

/** Deterministic, non-repeating bytes: a wrong range or order changes the hash. */
function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = 2463534242;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

function nodeMd5OfPlan(bytes: Uint8Array): string {
  const plan = fileKeyPlan(bytes.length);
  const hash = createHash('md5').update(plan.prefix, 'utf8');
  for (const [start, end] of plan.ranges) hash.update(bytes.subarray(start, end));
  return hash.digest('hex');
}

describe('the file key computed in the browser', () => {
  for (const [label, size] of [
    ['1 B', 1],
    ['exactly 1 MiB', MB],
    ['2 MiB', 2 * MB],
    ['5 MiB + 7', 5 * MB + 7],
  ] as const) {
    it(`equals node:crypto's MD5 over the same plan for ${label}`, async () => {
      const bytes = bytesOf(size);
      expect(await fileKeyMd5(new Blob([bytes]))).toBe(nodeMd5OfPlan(bytes));
    });
  }

  it('reports progress up to the planned bytes, not the file size', async () => {
    const seen: Array<[number, number]> = [];
    await fileKeyMd5(new Blob([bytesOf(5 * MB + 7)]), (loaded, total) => seen.push([loaded, total]));
    expect(seen.at(-1)).toEqual([2 * MB + 7, 2 * MB + 7]);
    expect(seen[0]).toEqual([0, 2 * MB + 7]);
  });

  it('spells the key with the lower-cased extension of the name, none when the name has none', async () => {
    const bytes = bytesOf(100);
    const md5 = nodeMd5OfPlan(bytes);
    expect(await computeFileKey(new Blob([bytes]), 'Photo.JPG')).toBe(`${md5}.jpg`);
    expect(await computeFileKey(new Blob([bytes]), 'README')).toBe(md5);
  });

  it('hashes a whole file when given its ranges, as the comparison in the benchmark does', async () => {
    const bytes = bytesOf(3 * MB + 5);
    expect(await md5OfRanges(new Blob([bytes]), '', wholeRanges(bytes.length, MB))).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('hashes a multi-byte prefix as UTF-8', async () => {
    expect(await md5OfRanges(new Blob([]), '材料', [])).toBe(createHash('md5').update('材料', 'utf8').digest('hex'));
  });
});
