/**
 * Global setup for the integration suite: one real database for the run, migrated from the same migration
 * folder as production. Default: an embedded PGlite (in memory) behind its socket worker; with
 * TEST_DATABASE_URL: a new database created on that PostgreSQL server and dropped afterwards.
 * Test files reach it through DATABASE_URL, like the app does.
 */
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/lib/server/db/client';
import { migrateDatabase } from '../../src/lib/server/db/migrate';
import { createOwnDatabase } from '../support/own-database';

export default async function setup(project: TestProject) {
  const { url: databaseUrl, drop: teardown } = await createOwnDatabase('test');
  const serverUrl = process.env.TEST_DATABASE_URL;

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
