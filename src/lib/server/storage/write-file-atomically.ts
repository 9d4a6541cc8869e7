import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `body` to `file` through a temporary file beside it that is renamed over the target, so a crash or a
 * concurrent reader never sees half a file and concurrent writers leave one of their bodies whole. `durable` also
 * flushes the file and its directory entry before returning, so an acknowledged write survives a power cut: what
 * stored objects need and a disposable cache can do without.
 */
export async function writeFileAtomically(
  file: string,
  body: Buffer | ReadonlyArray<AsyncIterable<Uint8Array>>,
  options: { durable?: boolean; mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode);
  try {
    // Sources (a multipart upload's parts) are streamed one after the other: only a chunk is ever in memory.
    if (Buffer.isBuffer(body)) await handle.writeFile(body);
    else for (const source of body) for await (const chunk of source) await handle.write(chunk);
    if (options.durable) await handle.sync();
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
  if (options.durable) await syncDir(dir);
}

/** Makes a rename durable by flushing the directory entry; best effort where the platform refuses. */
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
