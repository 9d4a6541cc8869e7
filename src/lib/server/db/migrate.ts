import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobQueue } from '../jobs/install-job-queue';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every pending migration in order (already-applied ones are skipped by drizzle's journal table), then
 * installs or migrates the job queue's own schema, which pg-boss versions itself (ADR 0012).
 */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await installJobQueue(db);
}
