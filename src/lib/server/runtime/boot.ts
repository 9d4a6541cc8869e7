/**
 * Process lifecycle for every entry point that needs the database (server, dev server, db scripts):
 * lock the data dir, start the embedded database unless DATABASE_URL is set, migrate (and have the job producer
 * look its queues up, see `prepareProducer`), optionally seed.
 */
import path from 'node:path';
import { closeDb, getDb } from '../db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';
import { prepareProducer } from '../jobs/job-boss';
import { JOB_NAMES } from '../jobs/queues';
import { dataDir, embeddedSocketDir, env } from '../env';
import { configureLogger, logger } from '../logger';
import { acquireDataDirLock, type DataDirLock } from './lock';

export interface Runtime {
  embedded: boolean;
  /** Close the pool, then checkpoint and close the embedded database, then release the lock. */
  close(): Promise<void>;
  /** A full collection of the embedded database thread's heap; nothing with DATABASE_URL. */
  collectDatabaseGarbage(): void;
}

export async function bootRuntime(options: { migrate?: boolean } = {}): Promise<Runtime> {
  configureLogger();
  const e = env();
  let lock: DataDirLock | undefined;
  let database: EmbeddedDatabase | undefined;
  if (!e.DATABASE_URL) {
    lock = acquireDataDirLock(dataDir());
    try {
      const started = Date.now();
      database = await startEmbeddedDatabase(path.join(dataDir(), 'pgdata'), embeddedSocketDir(), { sharedBuffers: env().EMBEDDED_SHARED_BUFFERS });
      logger.info({ dataDir: dataDir(), ms: Date.now() - started }, 'embedded database ready');
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const runtime: Runtime = {
    embedded: database !== undefined,
    async close() {
      await closeDb();
      await database?.close();
      lock?.release();
    },
    collectDatabaseGarbage() {
      database?.collectGarbage();
    },
  };
  if (options.migrate !== false) {
    try {
      await migrateDatabase(getDb());
      await prepareProducer(JOB_NAMES);
    } catch (err) {
      await runtime.close();
      throw err;
    }
  }
  return runtime;
}
