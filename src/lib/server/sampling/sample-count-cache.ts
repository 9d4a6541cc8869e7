/**
 * How many items each user's sample bag holds, kept for the toolbar badge that every signed-in page shows
 * (docs/architecture.md#copies-in-memory): a count lives at most `SESSION_CACHE_MS`, and every domain function
 * that adds to or takes from a bag drops all counts (`forgetSampleCounts`), here at once and in other processes when
 * the notice arrives.
 */
import { LRUCache } from 'lru-cache';
import { env } from '../env';
import { rememberPromise } from '../remember-promise';
import { announceChange, onChange } from '../runtime/change-notices';

// Shared by the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.sampleCounts');
const g = globalThis as unknown as Record<symbol, LRUCache<number, Promise<number>> | null | undefined>;

function cache(): LRUCache<number, Promise<number>> | null {
  if (g[KEY] === undefined) {
    const ttl = env().SESSION_CACHE_MS;
    const counts = ttl > 0 ? new LRUCache<number, Promise<number>>({ max: 20_000, ttl }) : null;
    g[KEY] = counts;
    if (counts) onChange('sampleBags', () => counts.clear());
  }
  return g[KEY];
}

/** The user's count as kept, or `compute`'s (shared by requests asking at the same moment; a failure is not kept). */
export function cachedSampleCount(userId: number, compute: () => Promise<number>): Promise<number> {
  const counts = cache();
  return counts ? rememberPromise(counts, userId, compute) : compute();
}

/** Drops every kept count: called after each write that adds items to a bag or takes them out. */
export function forgetSampleCounts(): void {
  announceChange('sampleBags');
}
