import { logger } from '../logger';
import { rebuildSuggestions } from './rebuild-suggestions';

/** Quiet time after the last material write before the vocabulary is recounted. */
const DEBOUNCE_MS = 1_000;
/** A steady stream of writes (an import) still gets a recount at least this often… */
const MAX_WAIT_MS = 30_000;
/**
 * …but the database spends at most about a tenth of its time recounting: a recount at 100k materials takes 1-2 s
 * (bench:search), and on the embedded database, which runs one statement at a time, that is time every other
 * request waits. A demo catalogue recounts in milliseconds, so there this changes nothing.
 */
const MIN_IDLE_FACTOR = 9;

let timer: NodeJS.Timeout | undefined;
let firstRequest = 0;
let running: Promise<unknown> | undefined;
let again = false;
let lastEnded = 0;
let lastTook = 0;

/**
 * Asks for a rebuild after a material write (save, publish, unpublish, delete). Writes never wait for it: it runs
 * in the background once writes pause for a second (at least every 30 s under a stream of writes, and never
 * sooner after the previous one than nine times as long as that one took), one at a time, and once more if writes
 * arrived while it ran. Suggestions are a hint, so seconds of staleness are the right trade for never slowing a
 * save. Each app process schedules for its own writes; the advisory lock orders them.
 */
export function scheduleSuggestionsRebuild(): void {
  const now = Date.now();
  if (!timer) firstRequest = now;
  clearTimeout(timer);
  const debounced = Math.min(now + DEBOUNCE_MS, firstRequest + MAX_WAIT_MS);
  const at = Math.max(debounced, lastEnded + MIN_IDLE_FACTOR * lastTook);
  timer = setTimeout(run, Math.max(0, at - now));
  timer.unref();
}

function run(): void {
  timer = undefined;
  if (running) {
    again = true;
    return;
  }
  const started = Date.now();
  running = rebuildSuggestions()
    .catch((err: unknown) => logger.warn({ err }, 'suggestion vocabulary rebuild failed'))
    .finally(() => {
      lastEnded = Date.now();
      lastTook = lastEnded - started;
      running = undefined;
      if (again) {
        again = false;
        scheduleSuggestionsRebuild();
      }
    });
}
