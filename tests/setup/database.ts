/**
 * Global setup for the integration suite: one real database for the run, migrated from the same migration
 * folder as production. Default: an embedded PGlite (in memory) behind its socket worker; with
 * TEST_DATABASE_URL: a new database created on that PostgreSQL server and dropped afterwards.
 * Test files reach it through DATABASE_URL, like the app does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/lib/server/db/client';
import { startEmbeddedDatabase } from '../../src/lib/server/db/embedded';
import { migrateDatabase } from '../../src/lib/server/db/migrate';

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let teardown: () => Promise<void>;

  if (serverUrl) {
    const name = `matlib_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    teardown = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
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
