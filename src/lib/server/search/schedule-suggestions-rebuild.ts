import { logger } from '../logger';
import { rebuildSuggestions } from './rebuild-suggestions';

/** Quiet time after the last material write before the vocabulary is recounted. */
const DEBOUNCE_MS = 1_000;
/** A steady stream of writes (an import) still gets a recount at least this often. */
const MAX_WAIT_MS = 30_000;

let timer: NodeJS.Timeout | undefined;
let firstRequest = 0;
let running: Promise<unknown> | undefined;
let again = false;

/**
 * Asks for a rebuild after a material write (save, publish, unpublish, delete). Writes never wait for it: it runs
 * in the background once writes pause for a second (at least every 30 s under a stream of writes), one at a time,
 * and once more if writes arrived while it ran. Suggestions are a hint, so a second of staleness is the right trade
 * for never slowing a save. Each app process schedules for its own writes; the advisory lock orders them.
 */
export function scheduleSuggestionsRebuild(): void {
  const now = Date.now();
  if (!timer) firstRequest = now;
  clearTimeout(timer);
  const wait = Math.max(0, Math.min(DEBOUNCE_MS, firstRequest + MAX_WAIT_MS - now));
  timer = setTimeout(run, wait);
  timer.unref();
}

function run(): void {
  timer = undefined;
  if (running) {
    again = true;
    return;
  }
  running = rebuildSuggestions()
    .catch((err: unknown) => logger.warn({ err }, 'suggestion vocabulary rebuild failed'))
    .finally(() => {
      running = undefined;
      if (again) {
        again = false;
        scheduleSuggestionsRebuild();
      }
    });
}
