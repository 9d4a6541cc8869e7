/**
 * In-memory copies (sessions, store listings) are dropped when what they copy changes. In this process that
 * happens at once; with several processes on one PostgreSQL server each change is also announced on a channel
 * the others listen to (docs/architecture.md#copies-in-memory). A missed notice costs no more than the copy's
 * lifetime, which stays short for that reason.
 */
import { randomUUID } from 'node:crypto';
import { getPool } from '../db/client';
import { env } from '../env';
import { logger } from '../logger';

export type ChangeKind = 'sessions' | 'listings' | 'sampleBags' | 'news';

const CHANNEL = 'matlib_changes';

interface Registry {
  /** Tells this process's own notices apart from the others'. */
  processId: string;
  handlers: Map<ChangeKind, Set<() => void>>;
}

// Shared by the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.changeNotices');
const g = globalThis as unknown as Record<symbol, Registry | undefined>;
const registry = (g[KEY] ??= { processId: randomUUID(), handlers: new Map() });

/** Runs `drop` whenever `kind` changes, here or in another process. */
export function onChange(kind: ChangeKind, drop: () => void): void {
  let set = registry.handlers.get(kind);
  if (!set) registry.handlers.set(kind, (set = new Set<() => void>()));
  set.add(drop);
}

function dropLocal(kind: ChangeKind): void {
  for (const drop of registry.handlers.get(kind) ?? []) drop();
}

/** Drops this process's copies of `kind` and tells the other processes to drop theirs. */
export function announceChange(kind: ChangeKind): void {
  dropLocal(kind);
  if (!env().DATABASE_URL) return;
  getPool()
    .query('SELECT pg_notify($1, $2)', [CHANNEL, `${registry.processId}:${kind}`])
    .catch((err: unknown) => logger.warn({ err, kind }, 'could not announce a change to other processes'));
}

/** Listens for the other processes' announcements (PostgreSQL only). Returns a function that stops listening. */
export async function listenForChanges(): Promise<() => Promise<void>> {
  const client = await getPool().connect();
  client.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    const [from, kind] = msg.payload.split(':');
    if (from !== registry.processId) dropLocal(kind as ChangeKind);
  });
  await client.query(`LISTEN ${CHANNEL}`);
  return async () => {
    await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    client.release();
  };
}
