import { logger } from '../logger';
import { enqueueJob } from './enqueue-job';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Jobs that recur: each app process queues them at start and then at this interval. Their queues take one waiting
 * job at most (`exclusive`, see `QUEUES`), so several processes queuing the same round add nothing, and whoever works
 * the queues (this process or `npm run worker`) runs it.
 */
export const REPEATED_JOBS = [
  { name: 'prune-analytics', everyMs: 6 * HOUR_MS },
  // Hourly: a photo is then kept at most an hour past its retention.
  { name: 'prune-query-photos', everyMs: HOUR_MS },
  { name: 'prune-news', everyMs: 6 * HOUR_MS },
  { name: 'notify-membership-expiry', everyMs: 6 * HOUR_MS },
  { name: 'prune-webhooks', everyMs: 6 * HOUR_MS },
] as const;

/** Starts queuing the recurring jobs; the answer stops it (on shutdown). */
export function repeatJobs(): () => void {
  const timers = REPEATED_JOBS.map(({ name, everyMs }) => {
    const queue = () => enqueueJob(name, {}).catch((err: unknown) => logger.warn({ err, name }, 'a recurring job could not be queued; the next round will try again'));
    void queue();
    const timer = setInterval(() => void queue(), everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((t) => clearInterval(t));
}
