import { RateLimitedError } from './rate-limit';

/**
 * At most `max` pieces of one kind of heavy work at once in this process. `tryEnter` never waits: it answers the
 * function that frees the place, or null when every place is taken, so a flood is refused at once instead of
 * queueing work (and memory) without end.
 */
export function concurrencyGate(max: number) {
  let running = 0;
  return {
    tryEnter(): (() => void) | null {
      if (running >= max) return null;
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
    get running() {
      return running;
    },
  };
}

/** How long a caller refused by a full gate is asked to wait: heavy work here takes seconds, not minutes. */
export const BUSY_RETRY_S = 5;

/** 429 with Retry-After and a message (an i18n key) that says the server is busy with this kind of work. */
export function busyError(message: string): RateLimitedError {
  const err = new RateLimitedError(BUSY_RETRY_S);
  err.message = message;
  return err;
}
