import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';

const root = mkdtempSync(path.join(tmpdir(), 'matlib-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(root);

describe('local disk object storage', () => {
  it('puts, streams, checks and removes an object', async () => {
    await storage.put('img/ab/one.txt', Buffer.from('hello'), 'text/plain');
    expect(await storage.exists('img/ab/one.txt')).toBe(true);
    expect(await text((await storage.getStream('img/ab/one.txt'))!)).toBe('hello');
    await storage.put('img/ab/one.txt', Buffer.from('again'), 'text/plain');
    expect(await text((await storage.getStream('img/ab/one.txt'))!)).toBe('again');
    expect(readdirSync(path.join(root, 'img/ab'))).toEqual(['one.txt']); // no temporary files left behind
    await storage.remove('img/ab/one.txt');
    await storage.remove('img/ab/one.txt');
    expect(await storage.exists('img/ab/one.txt')).toBe(false);
    expect(await storage.getStream('img/ab/one.txt')).toBeNull();
  });

  it('keeps concurrent writers of one key whole', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i));
    await Promise.all(bodies.map((b) => storage.put('race/key.bin', b, 'application/octet-stream')));
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.getStream('race/key.bin'))!) chunks.push(chunk as Buffer);
    const got = Buffer.concat(chunks);
    expect(bodies.some((b) => b.equals(got))).toBe(true);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'a/..', 'a//b', '', 'a\\b', '.hidden', 'a/./b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});
