/**
 * Queries per request, for finding where a page's time goes: the server wraps each request in `countQueries`,
 * and every query sent through the pool's clients adds to that request's figures. With `LOG_LEVEL=debug` each
 * request logs them (docs/operations.md#finding-where-time-goes).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export interface QueryStats {
  count: number;
  /** Summed wall time from send to answer, waiting for a connection not included. */
  ms: number;
}

// One store for the Astro bundle and the start script, which load this module through different graphs.
const KEY = Symbol.for('matlib.queryStats');
const g = globalThis as unknown as Record<symbol, AsyncLocalStorage<QueryStats> | undefined>;
const store = (g[KEY] ??= new AsyncLocalStorage<QueryStats>());

export function countQueries<T>(stats: QueryStats, fn: () => T): T {
  return store.run(stats, fn);
}

/** Makes a pooled client add each query it sends to the current request's figures. */
export function countClientQueries(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const stats = store.getStore();
    if (!stats) return send(...args);
    stats.count += 1;
    const started = performance.now();
    const done = () => (stats.ms += performance.now() - started);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        done();
        (last as (err: unknown, res: unknown) => void)(err, res);
      };
      return send(...args);
    }
    const result = send(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}
