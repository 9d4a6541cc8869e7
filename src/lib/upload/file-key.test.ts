import { describe, expect, it } from 'vitest';
import { fileKeyOf, fileKeyPlan, parseFileKey } from './file-key';

const MB = 1024 * 1024;

describe('the file key plan', () => {
  it('hashes a small file once, whole', () => {
    expect(fileKeyPlan(10)).toEqual({ prefix: '10:1', ranges: [[0, 10]] });
  });
  it('hashes the first, middle and last chunk of a large file, the last one short', () => {
    expect(fileKeyPlan(5 * MB + 7)).toEqual({ prefix: `${5 * MB + 7}:6`, ranges: [[0, MB], [3 * MB, 4 * MB], [5 * MB, 5 * MB + 7]] });
  });
  it('does not hash a chunk twice when the file has two', () => {
    expect(fileKeyPlan(2 * MB).ranges).toEqual([[0, MB], [MB, 2 * MB]]);
  });
  it('spells and reads back keys with and without the compress suffix', () => {
    const md5 = 'A'.repeat(32);
    expect(fileKeyOf(md5, 'JPG')).toBe(`${'a'.repeat(32)}.jpg`);
    expect(fileKeyOf(md5, 'png', 80)).toBe(`${'a'.repeat(32)}_c80.png`);
    expect(parseFileKey(`${'a'.repeat(32)}_c80.png`)).toEqual({ md5: 'a'.repeat(32), compressLevel: 80, extension: 'png' });
    expect(parseFileKey('../etc/passwd')).toBeNull();
  });
});
