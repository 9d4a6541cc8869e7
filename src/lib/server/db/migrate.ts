import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobQueue } from '../jobs/install-job-queue';
import type { Database } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The SQL history drizzle-kit writes (`npm run db:generate`) lives outside the sources, in the repository's
 * `migrations/`; the production bundle carries a copy beside itself (scripts/build-server.mjs).
 */
export const MIGRATIONS_DIR = [path.join(here, 'migrations'), path.resolve(here, '../../../../migrations')].find((dir) => existsSync(dir)) ?? path.join(here, 'migrations');

/**
 * Applies every pending migration in order (already-applied ones are skipped by drizzle's journal table), then
 * installs or migrates the job queue's own schema, which pg-boss versions itself (ADR 0012).
 */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await installJobQueue(db);
}
