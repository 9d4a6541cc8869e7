/** What `rememberPromise` keeps its promises in: a Map, a WeakMap or an LRU cache. */
export type PromiseCache<K, V> = {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): unknown;
  delete(key: K): unknown;
};

/**
 * The promise kept under `key`, or `make()`'s, kept from now on: callers arriving while it is pending share the one
 * piece of work, and later ones its result. A rejected promise is forgotten, so the next caller tries again instead
 * of being handed the same failure for as long as the cache keeps it.
 */
export function rememberPromise<K, V>(cache: PromiseCache<K, V>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}
