/**
 * Starts and stops the embedded database (PGlite in a worker thread behind a Unix socket). Used by the start
 * script, `db:migrate`, `db:seed`, the dev server and the test setup; never by the app bundle, which only
 * connects through the pool.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { EMBEDDED_PORT } from '../env';

export interface EmbeddedDatabase {
  socketDir: string;
  /** CHECKPOINT, close PGlite and end the worker. Call after every client has disconnected. */
  close(): Promise<void>;
  /** One full collection of the database thread's heap (when the server is idle). */
  collectGarbage(): void;
}

type WorkerMessage = { type: 'ready' } | { type: 'closed' } | { type: 'error'; message: string };

function nextMessage(worker: Worker): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: WorkerMessage) => {
      cleanup();
      resolve(msg);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`embedded database worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/**
 * @param pgDataDir the PGlite data directory, or `memory://` for a throwaway database (tests)
 * @param socketDir where `.s.PGSQL.5432` is created; Unix socket paths are limited to about 100 bytes
 * @param options.sharedBuffers PostgreSQL's buffer pool, e.g. `32MB` (`EMBEDDED_SHARED_BUFFERS`)
 */
export async function startEmbeddedDatabase(pgDataDir: string, socketDir: string, options: { maxConnections?: number; sharedBuffers?: string } = {}): Promise<EmbeddedDatabase> {
  const { maxConnections = 16, sharedBuffers = '32MB' } = options;
  mkdirSync(socketDir, { recursive: true });
  if (!pgDataDir.startsWith('memory://')) mkdirSync(pgDataDir, { recursive: true });
  const socketPath = path.join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`);
  if (Buffer.byteLength(socketPath) > 100) {
    throw new Error(`The data directory path is too long for a Unix socket (${socketPath}); use a shorter DATA_DIR.`);
  }
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: pgDataDir, socketPath, maxConnections, sharedBuffers },
  });
  const first = await nextMessage(worker);
  if (first.type !== 'ready') {
    await worker.terminate();
    throw new Error(`The embedded database could not start: ${first.type === 'error' ? first.message : first.type}`);
  }
  let closing: Promise<void> | undefined;
  return {
    socketDir,
    collectGarbage() {
      if (!closing) worker.postMessage({ type: 'collect' });
    },
    close() {
      closing ??= (async () => {
        const done = nextMessage(worker);
        worker.postMessage({ type: 'close' });
        const msg = await done;
        await worker.terminate();
        if (msg.type === 'error') throw new Error(`The embedded database did not close cleanly: ${msg.message}`);
      })();
      return closing;
    },
  };
}
