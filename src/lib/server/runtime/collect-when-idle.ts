/**
 * V8 keeps the heap a burst of work grew it to (start-up's indexing, a busy minute) long after the work is done:
 * at rest the server held three times the memory it used. Once no request has arrived for a while, one full
 * collection hands it back (docs/operations.md#memory).
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollector {
  /** Called for every request: the server is busy, so nothing is collected until it is idle again. */
  touch(): void;
  stop(): void;
}

/**
 * V8's memory-reducing full collection: a plain `gc()` frees objects but keeps the emptied pages mapped for reuse
 * (hundreds of MB after a busy minute); the "last-resort" flavor, as under memory pressure, hands them back too.
 * It is only reachable from a context created after the flag is set.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export function collectWhenIdle(idleMs: number, gc: () => void = fullCollection()): IdleCollector {
  let lastRequest = Date.now();
  // Start-up itself is a burst: the first quiet period after it is collected too.
  let busySinceCollected = true;
  const timer = setInterval(() => {
    if (busySinceCollected && Date.now() - lastRequest >= idleMs) {
      busySinceCollected = false;
      gc();
    }
  }, Math.max(1_000, idleMs / 2));
  timer.unref();
  return {
    touch() {
      lastRequest = Date.now();
      busySinceCollected = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
