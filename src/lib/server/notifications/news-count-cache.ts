/**
 * How many unread notifications each user has, kept for the header's badge that every signed-in page shows
 * (docs/architecture.md#copies-in-memory): a count lives at most `SESSION_CACHE_MS`, and every domain function that
 * writes news or marks it read drops all counts (`forgetNewsCounts`), here at once and in other processes when the
 * notice arrives. News written inside a transaction is dropped before it commits, so a count read in between may
 * lag by one lifetime.
 */
import { LRUCache } from 'lru-cache';
import { env } from '../env';
import { rememberPromise } from '../remember-promise';
import { announceChange, onChange } from '../runtime/change-notices';

// Shared by the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.newsCounts');
const g = globalThis as unknown as Record<symbol, LRUCache<number, Promise<number>> | null | undefined>;

function cache(): LRUCache<number, Promise<number>> | null {
  if (g[KEY] === undefined) {
    const ttl = env().SESSION_CACHE_MS;
    const counts = ttl > 0 ? new LRUCache<number, Promise<number>>({ max: 20_000, ttl }) : null;
    g[KEY] = counts;
    if (counts) onChange('news', () => counts.clear());
  }
  return g[KEY];
}

/** The user's unread count as kept, or `compute`'s (shared by requests asking at the same moment). */
export function cachedNewsCount(userId: number, compute: () => Promise<number>): Promise<number> {
  const counts = cache();
  return counts ? rememberPromise(counts, userId, compute) : compute();
}

/** Drops every kept count: called after each write of news and each change of what is read. */
export function forgetNewsCounts(): void {
  announceChange('news');
}
