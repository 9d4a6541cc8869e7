/**
 * The background jobs and how each is retried (docs/decisions/0012-job-queue-on-pg-boss.md). pg-boss keeps the
 * jobs in its own schema of the app's database; a job is a row, so it survives the process that enqueued it and
 * any process that works the queues can take it.
 */
import type { Queue } from 'pg-boss';
import { z } from 'zod';

/** pg-boss's tables live in this schema, beside ours; pg-boss migrates it itself (`installJobQueue`). */
export const JOB_SCHEMA = 'pgboss';

/** What each job carries; checked again when a worker takes it, since the row may be older than this code. */
export const JOB_DATA = {
  /** One picture's image-search descriptor. */
  'index-image': z.object({ imageId: z.number().int().positive() }),
  /** Deleting photo-search query photos past their retention (QUERY_PHOTO_RETENTION_HOURS); queued again every hour. */
  'prune-query-photos': z.object({}),
  /** A recount of the search box's suggestion vocabulary. */
  'rebuild-suggestions': z.object({}),
  /** Deleting usage events past their retention (ANALYTICS_RETENTION_DAYS); queued again every few hours. */
  'prune-analytics': z.object({}),
  /** Reading one uploaded material file (a `material_file_reads` row). */
  'read-material-file': z.object({ readId: z.number().int().positive() }),
  /** The rows of one confirmed bulk import of materials (a `material_imports` row). */
  'import-materials': z.object({ importId: z.number().int().positive() }),
  /** Rendering one color card's previews from its material file, for the render generation it was queued with. */
  'render-color-card': z.object({ colorCardId: z.number().int().positive(), generation: z.number().int().positive() }),
  /** The e-mail of one notification, for a recipient who wants its group by e-mail. */
  'deliver-news-email': z.object({ notificationId: z.number().int().positive() }),
  /** News of membership packages about to expire or just expired; queued again every few hours. */
  'notify-membership-expiry': z.object({}),
  /** Deleting news past its retention (NEWS_RETENTION_DAYS); queued again every few hours. */
  'prune-news': z.object({}),
  /** One try of one webhook delivery (a `webhook_deliveries` row); a failed try queues the next one itself. */
  'deliver-webhook': z.object({ deliveryId: z.number().int().positive(), attempt: z.number().int().positive() }),
  /** Deleting webhook deliveries past their retention (WEBHOOK_LOG_DAYS); queued again every few hours. */
  'prune-webhooks': z.object({}),
} as const;

export type JobName = keyof typeof JOB_DATA;
/** Which try of a job this is: a handler that records failures does so on the last one. */
export type Attempt = { retryCount: number; last: boolean };
export type JobData<N extends JobName> = z.infer<(typeof JOB_DATA)[N]>;
export const JOB_NAMES = Object.keys(JOB_DATA) as JobName[];

type QueueOptions = Omit<Queue, 'name'>;

/**
 * Retries back off exponentially (pg-boss: about `retryDelay * 2^retryCount` seconds with jitter, capped at
 * `retryDelayMax`). `expireInSeconds` is the lease: a job still active after it (its worker was killed, or hangs)
 * goes back to the queue as a retry, so no job is lost with its process.
 */
export const QUEUES: Record<JobName, QueueOptions> = {
  // One queued-or-active job per picture (the singleton key is the image id), so saving a material twice, or
  // the start-up sweep meeting a job still in flight, adds nothing. Describing one picture takes well under a
  // second, so a job not done in 30 s belongs to a worker that died.
  'index-image': { policy: 'exclusive', retryLimit: 6, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 30 },
  // Like prune-analytics: one queued or running at a time. A round deletes at most a few hundred photos.
  'prune-query-photos': { policy: 'exclusive', retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  // At most one waiting and one running: a write while a rebuild runs queues exactly one more, and writes while
  // one waits join it. A recount takes 1-2 s at 100k materials.
  'rebuild-suggestions': { policy: 'stately', retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 300 },
  // One queued or running at a time, however many app processes queue it: a second one would find nothing left to
  // delete. A delete of a few hours' events takes seconds; the next round catches up after a failure anyway.
  'prune-analytics': { policy: 'exclusive', retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  // One job per reading. A file that cannot be read is a result the job records, not a failure; a retry only
  // follows a crash or a lost lease. Reading 200 MB of maps from object storage can take minutes.
  'read-material-file': { policy: 'exclusive', retryLimit: 3, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 900 },
  // One job per import. A bad row is a result the job records; a retry only follows a crash or a lost lease, and finds
  // the rows already saved unchanged. 5,000 new rows take about a minute (bench/material-import.ts).
  'import-materials': { policy: 'exclusive', retryLimit: 2, retryDelay: 10, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 1800 },
  // One job per card and generation. A render of 4096² maps takes a few seconds; a failure that a retry cannot
  // fix (a map gone from storage) is recorded at once, anything else is retried and recorded after the last try.
  'render-color-card': { policy: 'exclusive', retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 300 },
  // One job per notification. A mail server that is down is retried for about a day; sending takes seconds.
  'deliver-news-email': { policy: 'exclusive', retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3 * 3600, expireInSeconds: 120 },
  // Like prune-analytics: one queued or running at a time; each round writes only what is not written yet.
  'notify-membership-expiry': { policy: 'exclusive', retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  'prune-news': { policy: 'exclusive', retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  // One job per try of a delivery (the key holds both). A receiver's failure is recorded and the next try queued
  // with its own delay (docs/product/integrations.md#retries), so pg-boss retries only a crash or a lost lease. A try
  // gives up after 10 s.
  'deliver-webhook': { policy: 'exclusive', retryLimit: 2, retryDelay: 5, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 60 },
  'prune-webhooks': { policy: 'exclusive', retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
};

/** The singleton key of a job: jobs with the same key are not queued twice (see the policies above). */
export function jobKey<N extends JobName>(name: N, data: JobData<N>): string | undefined {
  if (name === 'index-image') return String((data as JobData<'index-image'>).imageId);
  if (name === 'read-material-file') return String((data as JobData<'read-material-file'>).readId);
  if (name === 'import-materials') return String((data as JobData<'import-materials'>).importId);
  if (name === 'deliver-news-email') return String((data as JobData<'deliver-news-email'>).notificationId);
  if (name === 'deliver-webhook') {
    const { deliveryId, attempt } = data as JobData<'deliver-webhook'>;
    return `${deliveryId}:${attempt}`;
  }
  if (name === 'render-color-card') {
    const { colorCardId, generation } = data as JobData<'render-color-card'>;
    return `${colorCardId}:${generation}`;
  }
  return undefined;
}
