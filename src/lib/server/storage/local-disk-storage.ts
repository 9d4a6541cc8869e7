import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ObjectStorage, type StorageLocation, type UploadedPart } from './object-storage';
import { expiryIn, signStorageMessage } from './storage-signature';
import { writeFileAtomically } from './write-file-atomically';

/** Where the app serves the local store's links: `PUT <base>/part/…` and `GET <base>/object`. */
export const LOCAL_STORAGE_API = '/api/storage';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_FILE = /^(\d{1,5})-([0-9a-f]{32})$/;

/** A part sent to an upload that does not exist (never started, completed or aborted). */
export class UnknownUploadError extends Error {}
/** A part larger than a part may be: what was received is dropped. */
export class PartTooLargeError extends Error {}
/** Completing with a part that was never received, or whose tag is not the one the client names. */
export class MissingPartError extends Error {}

/**
 * Objects as files under `root`. A put is atomic and durable: a crash or a concurrent reader never sees half an
 * object, and an acknowledged put survives a power cut. Multipart uploads keep their parts as files in
 * `root/.uploads/<uploadId>/` (a folder no object key can name) until they are joined or dropped.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly location: StorageLocation = { provider: 'local', region: 'local', bucket: 'files', endPoint: LOCAL_STORAGE_API };

  constructor(readonly root: string) {}

  private file(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new UnknownUploadError(`No upload ${JSON.stringify(uploadId)}`);
    return path.join(this.root, '.uploads', uploadId);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    await writeFileAtomically(this.file(key), body, { durable: true, mode: 0o640 });
  }

  async putStream(key: string, body: Readable, _contentType: string): Promise<void> {
    const file = this.file(key);
    await this.writeJoined(file, [body]);
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
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async getRange(key: string, start: number, endExclusive: number): Promise<Buffer> {
    const handle = await open(this.file(key), constants.O_RDONLY);
    try {
      const buffer = Buffer.alloc(Math.max(0, endExclusive - start));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    assertStorageKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.uploadDir(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'upload.json'), JSON.stringify({ key, contentType }), { mode: 0o640 });
    return uploadId;
  }

  async partUrl(key: string, uploadId: string, partNumber: number, ttlSeconds: number): Promise<string> {
    assertStorageKey(key);
    const exp = expiryIn(ttlSeconds);
    const sig = signStorageMessage('part', [uploadId, partNumber, key], exp);
    return `${LOCAL_STORAGE_API}/part/${uploadId}/${partNumber}?key=${encodeURIComponent(key)}&exp=${exp}&sig=${sig}`;
  }

  /** The key an upload was started for, or null when there is no such upload. */
  private async uploadKey(uploadId: string): Promise<string | null> {
    try {
      return (JSON.parse(await readFile(path.join(this.uploadDir(uploadId), 'upload.json'), 'utf8')) as { key: string }).key;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof UnknownUploadError) return null;
      throw err;
    }
  }

  /**
   * Receive one part from the app's part endpoint, streaming it to disk and hashing it on the way: at most
   * `maxBytes` are accepted (more and the part is dropped), nothing is held in memory beyond the chunk in hand.
   * The part is written aside and renamed into place, so a part sent twice leaves one whole copy.
   */
  async writePart(key: string, uploadId: string, partNumber: number, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<UploadedPart> {
    if ((await this.uploadKey(uploadId)) !== key) throw new UnknownUploadError(`No upload ${uploadId} of ${key}`);
    const dir = this.uploadDir(uploadId);
    const temp = path.join(dir, `.part-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o640);
    const md5 = createHash('md5');
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) throw new PartTooLargeError(`Part ${partNumber} is larger than ${maxBytes} bytes`);
        md5.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    const etag = md5.digest('hex');
    const stale = (await readdir(dir)).filter((name) => PART_FILE.exec(name)?.[1] === String(partNumber));
    await rename(temp, path.join(dir, `${partNumber}-${etag}`));
    await Promise.all(stale.filter((name) => name !== `${partNumber}-${etag}`).map((name) => rm(path.join(dir, name), { force: true })));
    return { partNumber, size, etag };
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    if ((await this.uploadKey(uploadId)) !== key) return [];
    const dir = this.uploadDir(uploadId);
    const parts = new Map<number, UploadedPart & { mtime: number }>();
    for (const name of await readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info) continue;
      const partNumber = Number(match[1]);
      const known = parts.get(partNumber);
      // Two copies of a part only exist for the moment between a rename and the removal of the older one.
      if (!known || info.mtimeMs > known.mtime) parts.set(partNumber, { partNumber, size: info.size, etag: match[2]!, mtime: info.mtimeMs });
    }
    return [...parts.values()].sort((a, b) => a.partNumber - b.partNumber).map(({ partNumber, size, etag }) => ({ partNumber, size, etag }));
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: ReadonlyArray<{ partNumber: number; etag: string }>): Promise<void> {
    if ((await this.uploadKey(uploadId)) !== key) throw new UnknownUploadError(`No upload ${uploadId} of ${key}`);
    const dir = this.uploadDir(uploadId);
    const files = parts.map(({ partNumber, etag }) => {
      const tag = etag.replace(/"/g, '').toLowerCase();
      if (!/^[0-9a-f]{32}$/.test(tag)) throw new MissingPartError(`Part ${partNumber} has no such tag`);
      return path.join(dir, `${partNumber}-${tag}`);
    });
    for (const file of files) {
      if (!(await stat(file).catch(() => null))) throw new MissingPartError(`${path.basename(file)} was not received`);
    }
    await this.writeJoined(this.file(key), files.map((file) => createReadStream(file)));
    await rm(dir, { recursive: true, force: true });
  }

  async abortMultipartUpload(_key: string, uploadId: string): Promise<void> {
    try {
      await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    } catch (err) {
      if (!(err instanceof UnknownUploadError)) throw err;
    }
  }

  async signedGetUrl(key: string, ttlSeconds: number, options: { downloadName?: string } = {}): Promise<string> {
    assertStorageKey(key);
    const exp = expiryIn(ttlSeconds);
    const name = options.downloadName;
    const fields = name ? [key, name] : [key];
    return `${LOCAL_STORAGE_API}/object?key=${encodeURIComponent(key)}${name ? `&name=${encodeURIComponent(name)}` : ''}&exp=${exp}&sig=${signStorageMessage('get', fields, exp)}`;
  }

  /** Streams the sources one after the other into a temporary file beside `file`, then renames it into place. */
  private writeJoined(file: string, sources: ReadonlyArray<AsyncIterable<Uint8Array>>): Promise<void> {
    return writeFileAtomically(file, sources, { durable: true, mode: 0o640 });
  }
}
