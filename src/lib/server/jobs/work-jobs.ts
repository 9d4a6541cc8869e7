import type { Job } from 'pg-boss';
import { pruneEvents } from '../analytics/prune-events';
import { indexImage } from '../images/index-image';
import { pruneQueryPhotos } from '../images/prune-query-photos';
import { logger } from '../logger';
import { readMaterialFile } from '../material-files/read-material-file';
import { runMaterialImport } from '../material-import/run-material-import';
import { renderColorCard } from '../material-files/render-color-card';
import { deliverNewsEmail } from '../notifications/deliver-news-email';
import { notifyMembershipExpiry } from '../notifications/notify-membership-expiry';
import { pruneNews } from '../notifications/prune-news';
import { runSuggestionsRebuild } from '../search/request-suggestions-rebuild';
import { createBoss } from './job-boss';
import { JOB_DATA, JOB_NAMES, QUEUES, type Attempt, type JobData, type JobName } from './queues';
import { registerLocalWorkers } from './wake-workers';
import { deliverWebhook } from '../webhooks/deliver-webhook';
import { pruneWebhookDeliveries } from '../webhooks/prune-webhook-deliveries';

type Handlers = { [N in JobName]: (data: JobData<N>, attempt: Attempt) => Promise<void> };

const HANDLERS: Handlers = {
  'index-image': async ({ imageId }) => {
    await indexImage(imageId);
  },
  'prune-query-photos': async () => {
    const deleted = await pruneQueryPhotos();
    if (deleted > 0) logger.info({ deleted }, 'photo-search query photos past their retention deleted');
  },
  'rebuild-suggestions': async () => {
    await runSuggestionsRebuild();
  },
  'prune-analytics': async () => {
    const deleted = await pruneEvents();
    if (deleted > 0) logger.info({ deleted }, 'usage data past its retention deleted');
  },
  'read-material-file': async ({ readId }) => {
    await readMaterialFile(readId);
  },
  'import-materials': async ({ importId }) => {
    await runMaterialImport(importId);
  },
  'render-color-card': async ({ colorCardId, generation }, attempt) => {
    await renderColorCard(colorCardId, generation, attempt);
  },
  'deliver-news-email': async ({ notificationId }) => {
    await deliverNewsEmail(notificationId);
  },
  'notify-membership-expiry': async () => {
    const written = await notifyMembershipExpiry();
    if (written > 0) logger.info({ written }, 'membership expiry news written');
  },
  'prune-news': async () => {
    const deleted = await pruneNews();
    if (deleted > 0) logger.info({ deleted }, 'news past its retention deleted');
  },
  'deliver-webhook': async ({ deliveryId, attempt }) => {
    await deliverWebhook(deliveryId, attempt);
  },
  'prune-webhooks': async () => {
    const deleted = await pruneWebhookDeliveries();
    if (deleted > 0) logger.info({ deleted }, 'webhook deliveries past their retention deleted');
  },
};

export interface WorkJobsOptions {
  /** How often an idle worker looks for new jobs (a job enqueued in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /**
   * How often expired jobs (a dead worker's) are put back and the queue counts refreshed: a killed worker's job
   * runs again at most its lease plus this much later.
   */
  superviseIntervalSeconds?: number;
}

export interface JobWorkers {
  /** Stops taking jobs and waits for the running ones (at most `timeoutMs`); an unfinished job is retried later. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Works every queue in this process until stopped: the server does this in-process, `npm run worker` in a
 * process of its own, and any number of them may work one database. A job that throws is retried with backoff;
 * one that outlives its lease (its worker was killed) is taken again by whoever polls next.
 */
export async function workJobs(options: WorkJobsOptions = {}): Promise<JobWorkers> {
  const supervise = options.superviseIntervalSeconds ?? 10;
  // pg-boss expires leases in its per-queue monitor pass, so that runs as often as supervision.
  const boss = createBoss({ supervise: true, migrate: false, superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise });
  await boss.start();
  const ids = new Map<JobName, string>();
  for (const name of JOB_NAMES) {
    const handle = HANDLERS[name] as (data: unknown, attempt: Attempt) => Promise<void>;
    // One job at a time per queue: describing a picture is CPU work on this process's main thread. Webhook tries
    // mostly wait on other servers (up to 10 s each), so a few run at once and one slow receiver holds up no other.
    const localConcurrency = name === 'deliver-webhook' ? 4 : 1;
    const id = await boss.work(name, { batchSize: 1, localConcurrency, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]: Job<unknown>[]) => {
      if (!job) return;
      const started = Date.now();
      const parsed = JOB_DATA[name].safeParse(job.data);
      if (!parsed.success) {
        // Retrying cannot fix a malformed payload, but failing it keeps it visible in the failed count.
        logger.error({ job: job.id, name, issues: parsed.error.issues }, 'job data is not valid');
        throw new Error(`job ${job.id} (${name}) carries invalid data`);
      }
      try {
        await handle(parsed.data, { retryCount: job.retryCount, last: job.retryCount >= (QUEUES[name].retryLimit ?? 0) });
        logger.debug({ job: job.id, name, ms: Date.now() - started }, 'job done');
      } catch (err) {
        logger.warn({ err, job: job.id, name, retry: job.retryCount }, 'job failed; it will be retried with backoff');
        throw err;
      } finally {
        // There may be more: look again straight away instead of after the polling interval (pg-boss only
        // polls between fetches); a fetch that finds nothing falls back to polling.
        const self = ids.get(name);
        if (self) boss.notifyWorker(self);
      }
    });
    ids.set(name, id);
  }
  const unregister = registerLocalWorkers({ boss, ids });
  return {
    async stop(timeoutMs = 10_000) {
      unregister();
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };
}
