import type { Database, Tx } from '../db/client';
import { enqueueJob } from '../jobs/enqueue-job';
import { rebuildSuggestions } from './rebuild-suggestions';

/** Quiet time after a material write before the vocabulary is recounted, so a burst of writes costs one recount. */
const DELAY_S = 1;
/**
 * The database spends at most about a tenth of its time recounting: a recount at 100k materials takes 1-2 s
 * (bench:search), and on the embedded database, which runs one statement at a time, that is time every other
 * request waits. A demo catalogue recounts in milliseconds, so there this changes nothing.
 */
const MIN_IDLE_FACTOR = 9;

/** How long this process's last recount took (a process that has not run one yet assumes a quick one). */
let lastTookMs = 0;

/**
 * Asks for a recount of the search box's suggestions after a material write (save, publish, unpublish, delete),
 * as a job: it runs a second later (longer after a slow recount), writes meanwhile join the waiting job, and a
 * write during a recount queues exactly one more. Suggestions are a hint, so seconds of staleness are the right
 * trade for never slowing a save. Pass the write's transaction to queue the job with it.
 */
export async function requestSuggestionsRebuild(tx?: Tx | Database): Promise<void> {
  const startAfter = Math.max(DELAY_S, Math.ceil((MIN_IDLE_FACTOR * lastTookMs) / 1000));
  await enqueueJob('rebuild-suggestions', {}, { tx, startAfter });
}

/** The job: one recount, timed for the spacing above. */
export async function runSuggestionsRebuild(): Promise<void> {
  const started = Date.now();
  try {
    await rebuildSuggestions();
  } finally {
    lastTookMs = Date.now() - started;
  }
}
