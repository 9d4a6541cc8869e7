/**
 * The one database client: a node-postgres pool, to a PostgreSQL server (`DATABASE_URL`) or to the embedded
 * database's Unix socket. Only domain functions import `getDb`.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EMBEDDED_PORT, embeddedSocketDir, env } from '../env';
import { logger } from '../logger';
import { countClientQueries } from './query-stats';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(...)`: every query of a transaction must go through it (ADR 0008). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Kept on globalThis so the Astro bundle and scripts loaded through other module graphs share one pool.
const KEY = Symbol.for('matlib.db');
type Holder = { pool: pg.Pool; db: Database };
const g = globalThis as unknown as Record<symbol, Holder | undefined>;

export function poolConfig(): pg.PoolConfig {
  const e = env();
  const base: pg.PoolConfig = { max: e.DATABASE_POOL_MAX, idleTimeoutMillis: 30_000, application_name: 'matlib' };
  if (e.DATABASE_URL) return { ...base, connectionString: e.DATABASE_URL };
  return { ...base, host: embeddedSocketDir(), port: EMBEDDED_PORT, user: 'postgres', database: 'postgres' };
}

export function createDb(config: pg.PoolConfig = poolConfig()): Holder {
  const pool = new pg.Pool(config);
  // An idle client dropped by the server (restart, shutdown) must not crash the process.
  pool.on('error', (err) => logger.warn({ err }, 'database connection lost'));
  pool.on('connect', countClientQueries);
  return { pool, db: drizzle(pool, { schema }) };
}

export function getDb(): Database {
  g[KEY] ??= createDb();
  return g[KEY].db;
}

export function getPool(): pg.Pool {
  g[KEY] ??= createDb();
  return g[KEY].pool;
}

export async function closeDb(): Promise<void> {
  const holder = g[KEY];
  g[KEY] = undefined;
  if (holder) await holder.pool.end();
}
