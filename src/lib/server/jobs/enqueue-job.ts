import type { Database, Tx } from '../db/client';
import { drizzleDatabase, inTransaction, producer } from './job-boss';
import { JOB_DATA, jobKey, type JobData, type JobName } from './queues';
import { wakeWorkers } from './wake-workers';

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the jobs exist if and only if it commits. */
  tx?: Tx | Database;
  /** Seconds to wait before the job may run. */
  startAfter?: number;
  /** Higher runs first (default 0). */
  priority?: number;
  /** The lease, for a job known to take longer (or shorter) than its queue's usual one. */
  leaseSeconds?: number;
}

/**
 * Adds jobs to a queue. A job whose singleton key is already queued or running is dropped (see `QUEUES`), so
 * asking twice is harmless. Returns how many were added.
 */
export async function enqueueJobs<N extends JobName>(name: N, items: JobData<N>[], options: EnqueueOptions = {}): Promise<number> {
  if (items.length === 0) return 0;
  const jobs = items.map((item) => {
    const data = JOB_DATA[name].parse(item);
    return { data, singletonKey: jobKey(name, data as JobData<N>), startAfter: options.startAfter, priority: options.priority, expireInSeconds: options.leaseSeconds };
  });
  // Inside a transaction the insert names it explicitly as well: pg-boss may run a statement outside the caller's
  // async context, and on the embedded database a statement that misses the open transaction waits for it forever.
  const tx = options.tx;
  const ids = tx ? await inTransaction(tx, () => producer().insert(name, jobs, { returnId: true, db: drizzleDatabase(tx) })) : await producer().insert(name, jobs, { returnId: true });
  // A worker in this process takes the job at once instead of at its next poll (after the commit, when in one).
  if (!options.tx) wakeWorkers(name);
  return ids?.length ?? 0;
}

export async function enqueueJob<N extends JobName>(name: N, data: JobData<N>, options: EnqueueOptions = {}): Promise<number> {
  return enqueueJobs(name, [data], options);
}
