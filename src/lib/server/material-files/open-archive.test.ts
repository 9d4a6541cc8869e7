import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../storage';
import { ARCHIVE_LIMITS, bufferSource, openArchive, storedSource, type RangeSource } from './open-archive';
import { FILE_CODES } from './parse-codes';
import { codeOf } from './testing/code-of';
import { makeZip } from './testing/make-zip';

const root = mkdtempSync(path.join(tmpdir(), 'matlib-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Counts the bytes asked of the source, to show what was (not) read. */
function counted(bytes: Buffer): RangeSource & { asked: () => number } {
  let asked = 0;
  const inner = bufferSource(bytes);
  return { size: inner.size, read: (s, e) => ((asked += e - s), inner.read(s, e)), asked: () => asked };
}

describe('reading a zip archive', () => {
  it('lists the files and reads each back, leaving directories out', async () => {
    const archive = await openArchive(bufferSource(makeZip([{ name: 'textures/', data: '' }, { name: 'a.u3m', data: '{"x":1}' }, { name: 'textures/Base.png', data: Buffer.alloc(5000, 7), method: 0 }])));
    expect(archive.entries.map((e) => e.path)).toEqual(['a.u3m', 'textures/Base.png']);
    expect((await archive.read(archive.find('./TEXTURES/base.png')!)).equals(Buffer.alloc(5000, 7))).toBe(true);
    expect((await archive.read(archive.entries[0]!)).toString()).toBe('{"x":1}');
  });

  it('reads a stored archive by ranges, without fetching entries it is not asked for', async () => {
    const storage = new LocalDiskStorage(root);
    const big = Buffer.alloc(3 * 1024 * 1024, 1);
    await storage.put('u/1/pack.zip', makeZip([{ name: 'big.bin', data: big, method: 0 }, { name: 'small.txt', data: 'hello' }]), 'application/zip');
    const source = await storedSource(storage, 'u/1/pack.zip');
    let asked = 0;
    const archive = await openArchive({ size: source.size, read: (s, e) => ((asked += e - s), source.read(s, e)) });
    expect(await archive.read(archive.find('small.txt')!).then(String)).toBe('hello');
    // The directory is found from the last 64 KiB (where a zip comment may push it); the 3 MiB entry stayed unread.
    expect(asked).toBeLessThan(80 * 1024);
    expect((await archive.read(archive.find('big.bin')!)).equals(big)).toBe(true);
    expect(await codeOf(storedSource(storage, 'u/1/missing.zip'))).toBe(FILE_CODES.readFailed);
  });

  it('refuses entries whose path would leave the archive, as a format error', async () => {
    for (const name of ['../evil.png', 'textures/../../evil.png', '/etc/passwd', 'C:/windows/evil.dll', 'textures\\..\\evil.png']) {
      expect(await codeOf(openArchive(bufferSource(makeZip([{ name: 'ok.txt', data: 'ok' }, { name, data: 'x' }])))), name).toBe(FILE_CODES.formatError);
    }
  });

  it('refuses a zip bomb by its ratio before inflating a byte of it', async () => {
    // The bomb comes first and 128 KiB of other data after it, past the tail read to find the directory.
    const source = counted(makeZip([{ name: 'zeros.bin', data: Buffer.alloc(32 * 1024 * 1024) }, { name: 'pad.bin', data: Buffer.alloc(128 * 1024, 9), method: 0 }]));
    expect(await codeOf(openArchive(source))).toBe(FILE_CODES.sizeError);
    expect(source.asked()).toBeLessThan(80 * 1024);
  });

  it('refuses a 2 GB claimed size, and archives whose entries together claim more than the limit', async () => {
    expect(await codeOf(openArchive(bufferSource(makeZip([{ name: 'huge.png', data: 'tiny', method: 0, claimedSize: 2 * 1024 ** 3 }]))))).toBe(FILE_CODES.sizeError);
    const pieces = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}.bin`, data: Buffer.alloc(400, i), method: 0 as const }));
    expect(await codeOf(openArchive(bufferSource(makeZip(pieces)), { ...ARCHIVE_LIMITS, maxTotalBytes: 1000 }))).toBe(FILE_CODES.sizeError);
    expect(await codeOf(openArchive(bufferSource(makeZip(pieces)), { ...ARCHIVE_LIMITS, maxEntries: 2 }))).toBe(FILE_CODES.sizeError);
  });

  it('catches an entry that inflates to more than its header claims', async () => {
    const archive = await openArchive(bufferSource(makeZip([{ name: 'liar.bin', data: Buffer.alloc(200_000, 3), claimedSize: 1000 }])));
    expect(await codeOf(archive.read(archive.entries[0]!))).toBe(FILE_CODES.sizeError);
    expect(await codeOf(archive.read(archive.entries[0]!, 10))).toBe(FILE_CODES.sizeError);
  });

  it('answers a format error for what is not a zip', async () => {
    expect(await codeOf(openArchive(bufferSource(Buffer.from('PK\x03\x04 but nothing after it'))))).toBe(FILE_CODES.formatError);
    expect(await codeOf(openArchive(bufferSource(Buffer.from('plain text, not an archive at all'))))).toBe(FILE_CODES.formatError);
  });
});
