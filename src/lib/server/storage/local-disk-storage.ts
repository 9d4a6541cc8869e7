import { constants } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ObjectStorage } from './object-storage';
import { writeFileAtomically } from './write-file-atomically';

/**
 * Objects as files under `root`. A put is atomic and durable: a crash or a concurrent reader never sees half an
 * object, and an acknowledged put survives a power cut.
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    await writeFileAtomically(this.file(key), body, { durable: true, mode: 0o640 });
  }

  async getStream(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      // Opened first so a missing object is a null, not an error event on the stream later.
      const handle = await open(file, constants.O_RDONLY);
      return handle.createReadStream({ autoClose: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
