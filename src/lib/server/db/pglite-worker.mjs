// The embedded PostgreSQL (PGlite, WASM) in a worker thread behind a Unix socket, so the main event loop never
// executes WASM Postgres and the app reaches it through node-postgres exactly as it reaches a real server.
// Plain JavaScript: it is started as a worker file by tsx, vitest and the production start script alike.
import { rmSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { createBridge } from './pglite-bridge.mjs';

/** @type {{ dataDir: string, socketPath: string, maxConnections: number, sharedBuffers: string }} */
const { dataDir, socketPath, maxConnections, sharedBuffers } = workerData;

try {
  // PostgreSQL touches all of its shared buffers at start (128 MB by default): the process's memory budget
  // (docs/operations.md#embedded-default) sets a smaller pool; the rest of the data is a read from the OS's cache.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
  const db = await PGlite.create({ dataDir, extensions: { vector, pg_trgm }, startParams });
  // A socket file left by a killed process would make listen() fail with EADDRINUSE; the pid lock already
  // guarantees no live process owns it.
  rmSync(socketPath, { force: true });
  const server = createBridge({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort?.postMessage({ type: 'ready' });

  // This thread has a heap of its own, grown by every result it relays: the server asks for one full collection
  // when it is idle, as it does for its own (docs/operations.md#memory).
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  parentPort?.on('message', async (msg) => {
    if (msg?.type === 'collect') gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    if (msg?.type !== 'close') return;
    try {
      await server.stop();
      // CHECKPOINT flushes WAL into the data files so the next start does not replay it.
      await db.exec('CHECKPOINT');
      await db.close();
      rmSync(socketPath, { force: true });
      parentPort?.postMessage({ type: 'closed' });
    } catch (err) {
      parentPort?.postMessage({ type: 'error', message: String(err?.stack ?? err) });
    }
  });
} catch (err) {
  parentPort?.postMessage({ type: 'error', message: String(err?.stack ?? err) });
}
