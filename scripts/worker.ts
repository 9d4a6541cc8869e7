/**
 * `npm run worker`: works the background job queue (image indexing, suggestion rebuilds) in a process of its own,
 * against the PostgreSQL server in DATABASE_URL. Run as many as you like beside the app processes (start those with
 * JOBS_IN_PROCESS=false to leave the jobs to the workers). It reads pictures from the same storage as the app
 * (DATA_DIR). SIGTERM/SIGINT finish the running jobs, then exit; a worker killed outright loses nothing, since its
 * jobs are taken again once their lease runs out.
 */
// First, so the process replaces itself before any other module has run.
import '../src/lib/server/runtime/tune-allocator';
import { env } from '../src/lib/server/env';
import { requestMissingImageIndexing } from '../src/lib/server/images/request-image-indexing';
import { workJobs } from '../src/lib/server/jobs/work-jobs';
import { logger } from '../src/lib/server/logger';
import { bootRuntime } from '../src/lib/server/runtime/boot';

async function main() {
  const e = env();
  if (!e.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL: the embedded database serves one process, and `npm start` runs its jobs itself.');
    process.exit(64);
  }
  const runtime = await bootRuntime();
  const workers = await workJobs();
  const queued = await requestMissingImageIndexing();
  logger.info({ queued }, 'job worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'job worker stopping: finishing running jobs');
    await workers.stop(e.SHUTDOWN_TIMEOUT_MS);
    await runtime.close();
    logger.info('job worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  logger.fatal({ err }, 'job worker failed to start');
  process.exit(1);
});
