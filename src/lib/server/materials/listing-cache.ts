/**
 * Store listings in memory (docs/architecture.md#copies-in-memory): the store, home, merchant and search pages and
 * their API ask for the same few pages of materials over and over, and every visitor gets the same answer (so does
 * a material's detail, less who follows its supplier). A page
 * of tiles is kept 5 seconds, a filter's total and facet counts (which scan every matching material) 30 seconds,
 * and both are dropped whenever a material, its colors or facets, or a supplier's name or logo changes: every
 * domain function that writes those tables calls `forgetListings` (checked by `src/lib/server/runtime/change-notices.test.ts`).
 */
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze';
import { announceChange, onChange } from '../runtime/change-notices';

const PAGE_TTL_MS = 5_000;
const COUNT_TTL_MS = 30_000;

// Shared by the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.listingCache');
type Caches = { pages: LRUCache<string, Promise<unknown>>; counts: LRUCache<string, Promise<unknown>> };
const g = globalThis as unknown as Record<symbol, Caches | undefined>;

function caches(): Caches {
  let c = g[KEY];
  if (!c) {
    const made: Caches = { pages: new LRUCache({ max: 500, ttl: PAGE_TTL_MS }), counts: new LRUCache({ max: 1000, ttl: COUNT_TTL_MS }) };
    onChange('listings', () => {
      made.pages.clear();
      made.counts.clear();
    });
    g[KEY] = c = made;
  }
  return c;
}

/**
 * The answer kept under `key`, or `compute`'s (shared by callers asking at the same moment; a failure is not kept).
 * Answers are frozen: every caller shares them, so a change by one would reach the others.
 */
export function cachedListing<T>(kind: 'pages' | 'counts', key: string, compute: () => Promise<T>): Promise<T> {
  const cache = caches()[kind];
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute().then((answer) => deepFreeze(answer) as T);
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

/** Drops every kept listing, here and in the other processes. */
export function forgetListings(): void {
  announceChange('listings');
}
