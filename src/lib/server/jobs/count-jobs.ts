import { producer } from './job-boss';
import { JOB_NAMES } from './queues';

export interface JobCounts {
  /** Waiting to run, including retries waiting out their backoff. */
  queued: number;
  active: number;
  /** Out of retries (kept for the queue's retention). */
  failed: number;
}

/**
 * How much background work is waiting, running and given up, over every queue, as of the workers' last
 * supervision pass (pg-boss counts then, not per call; see `workJobs`).
 */
export async function countJobs(): Promise<JobCounts> {
  const queues = await producer().getQueues(JOB_NAMES);
  return queues.reduce((sum, q) => ({ queued: sum.queued + q.queuedCount, active: sum.active + q.activeCount, failed: sum.failed + q.failedCount }), { queued: 0, active: 0, failed: 0 });
}
