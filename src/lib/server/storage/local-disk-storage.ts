import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ObjectStorage } from './object-storage';

/**
 * Objects as files under `root`. A put writes a temporary file beside the target, flushes it to disk and renames
 * it over the target, so a crash or a concurrent reader never sees half an object, and an acknowledged put
 * survives a power cut.
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
    const file = this.file(key);
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o640);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    try {
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await syncDir(dir);
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

/** Make a rename durable: flush the directory entry (not supported on every platform; best effort there). */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Windows and some filesystems refuse fsync on a directory.
  } finally {
    await handle?.close();
  }
}
