/**
 * Recently looked-up sessions, so a signed-in page or call does not ask the database who its caller is on every
 * request (docs/architecture.md#copies-in-memory). An entry lives at most `SESSION_CACHE_MS`; any change to
 * users, sessions, companies, memberships or roles forgets every entry at once (`forgetSessions`), in this
 * process immediately and in the others when the notice arrives (src/lib/server/runtime/change-notices.ts).
 */
import { LRUCache } from 'lru-cache';
import type { SessionContext } from '../../contracts/identity';
import { env } from '../env';
import { announceChange, onChange } from '../runtime/change-notices';

export interface CachedSession {
  context: SessionContext;
  sessionId: number;
  expiresAt: Date;
  lastSeenAt: Date;
}

// Shared by the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.sessionCache');
const g = globalThis as unknown as Record<symbol, LRUCache<string, CachedSession> | null | undefined>;

function cache(): LRUCache<string, CachedSession> | null {
  if (g[KEY] === undefined) {
    const ttl = env().SESSION_CACHE_MS;
    const sessions = ttl > 0 ? new LRUCache<string, CachedSession>({ max: 20_000, ttl }) : null;
    g[KEY] = sessions;
    if (sessions) onChange('sessions', () => sessions.clear());
  }
  return g[KEY];
}

export function cachedSession(tokenHash: string): CachedSession | undefined {
  return cache()?.get(tokenHash);
}

export function rememberSession(tokenHash: string, entry: CachedSession): void {
  cache()?.set(tokenHash, entry);
}

/**
 * Forgets every cached session: called by each domain function that changes who someone is or what they may do
 * (checked by `src/lib/server/runtime/change-notices.test.ts`). Clearing everything keeps the rule simple; such
 * changes are rare next to page views.
 */
export function forgetSessions(): void {
  announceChange('sessions');
}
