import type { PgBoss } from 'pg-boss';
import type { JobName } from './queues';

const KEY = Symbol.for('matlib.jobs.local-workers');
type Local = { boss: PgBoss; ids: Map<JobName, string> };
const g = globalThis as unknown as Record<symbol, Set<Local> | undefined>;
const locals = (g[KEY] ??= new Set());

/** Workers of this process, so a job enqueued here is taken at once rather than at the next poll. */
export function registerLocalWorkers(local: Local): () => void {
  locals.add(local);
  return () => locals.delete(local);
}

/** Tells this process's workers of `name` to look for jobs now (workers elsewhere find them when they poll). */
export function wakeWorkers(name: JobName): void {
  for (const { boss, ids } of locals) {
    const id = ids.get(name);
    if (id) boss.notifyWorker(id);
  }
}
