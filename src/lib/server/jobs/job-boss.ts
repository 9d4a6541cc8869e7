/**
 * pg-boss instances over the app's own connection pool, so the queue adds no connections: the embedded database
 * serves a fixed number of them (ADR 0002), and one pool is one thing to size and to close.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import { getPool, type Database, type Tx } from '../db/client';
import { logger } from '../logger';
import { JOB_SCHEMA } from './queues';

/**
 * Runs pg-boss's statements on the app's pool (a checkout per statement, as pg-boss's own pool does), or in the
 * transaction `inTransaction` is running. Everything pg-boss reads while enqueuing (its queue settings, on first
 * use) must go through that transaction too: on the embedded database an open transaction holds the only
 * session, so a statement on another connection would wait for it forever.
 */
const current = new AsyncLocalStorage<Db>();
const poolDatabase: Db = { executeSql: (text, values) => (current.getStore()?.executeSql(text, values) ?? getPool().query(text, values)) };

/** Runs `fn` with every pg-boss statement of the app's instances inside `tx`. */
export function inTransaction<T>(tx: Tx | Database, fn: () => Promise<T>): Promise<T> {
  return current.run(drizzleDatabase(tx), fn);
}

/**
 * pg-boss's statements through a Drizzle handle: inside one of our transactions, so a job is enqueued if and only
 * if the transaction commits; or on a database other than the app's (the test setup migrates its own).
 */
export function drizzleDatabase(tx: Tx | Database): Db {
  return fromDrizzle(tx, sql);
}

/**
 * A pg-boss instance; `start()` it to work queues or to install the schema. Notifications stay off: over the
 * embedded database's bridge every connection shares one session, so a NOTIFY reaches whoever sent it rather than
 * the listener (ADR 0012); workers poll, and a worker in the enqueuing process is woken directly.
 */
export function createBoss(options: Partial<ConstructorOptions> = {}, database?: Database): PgBoss {
  const boss = new PgBoss({ db: database ? drizzleDatabase(database) : poolDatabase, schema: JOB_SCHEMA, schedule: false, supervise: false, ...options });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  return boss;
}

// Sending needs no started instance: it is one INSERT through whichever database handle it is given.
const KEY = Symbol.for('matlib.jobs.producer');
const g = globalThis as unknown as Record<symbol, PgBoss | undefined>;

/** The instance that enqueues (never started: it polls and supervises nothing). */
export function producer(): PgBoss {
  g[KEY] ??= createBoss();
  return g[KEY];
}

/**
 * Has the producer look every queue up before any transaction enqueues. pg-boss reads a queue's settings on its
 * first insert, and that read does not stay in the transaction `inTransaction` names: inside a transaction on the
 * embedded database it waits for that same transaction forever (the first material save after a restart hung).
 * An insert of no jobs, outside any transaction, does the lookup and writes nothing.
 */
export async function prepareProducer(names: readonly string[]): Promise<void> {
  for (const name of names) await producer().insert(name, []);
}
