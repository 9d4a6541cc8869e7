/**
 * Global setup for the integration suite: one real database for the run, migrated from the same migration
 * folder as production. Default: an embedded PGlite (in memory) behind its socket worker; with
 * TEST_DATABASE_URL: a new database created on that PostgreSQL server and dropped afterwards.
 * Test files reach it through DATABASE_URL, like the app does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/lib/server/db/client';
import { startEmbeddedDatabase } from '../../src/lib/server/db/embedded';
import { migrateDatabase } from '../../src/lib/server/db/migrate';
import { createScratchDatabase } from '../support/scratch-database';

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let teardown: () => Promise<void>;

  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'matlib_test');
    databaseUrl = scratch.url;
    teardown = scratch.drop;
  } else {
    const socketDir = mkdtempSync(path.join(tmpdir(), 'matlib-it-'));
    const database = await startEmbeddedDatabase('memory://', socketDir);
    databaseUrl = `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`;
    teardown = async () => {
      await database.close();
      rmSync(socketDir, { recursive: true, force: true });
    };
  }

  const { db, pool } = createDb({ connectionString: databaseUrl, max: 2 });
  await migrateDatabase(db);
  await pool.end();

  project.provide('databaseUrl', databaseUrl);
  project.provide('embeddedDatabase', !serverUrl);
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    embeddedDatabase: boolean;
  }
}
