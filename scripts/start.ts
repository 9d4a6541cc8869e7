/**
 * Production entry (`npm start` after the build): boot the database, then serve the built Astro handler from our
 * own http server so start-up order and shutdown are ours: on SIGTERM/SIGINT stop accepting, drain in-flight
 * requests, stop the job workers, then checkpoint and close the database and release the data-dir lock.
 */
// First, so the process replaces itself before any other module has run.
import '../src/lib/server/runtime/tune-allocator';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getDb } from '../src/lib/server/db/client';
import { countQueries, type QueryStats } from '../src/lib/server/db/query-stats';
import { isDatabaseEmpty, seedDemoData } from '../src/lib/server/seed';
import { createPageCache } from '../src/lib/server/http/page-cache';
import { createStaticFiles } from '../src/lib/server/http/static-files';
import { refuseOversizedPageBody } from '../src/lib/server/pages/page-body';
import { backfillSearchText } from '../src/lib/server/search/backfill-search-text';
import { reclassifyColorFamilies } from '../src/lib/server/colors/reclassify-color-families';
import { imageIndexMode } from '../src/lib/server/images/ensure-image-index';
import { indexMaterialImages } from '../src/lib/server/images/index-material-images';
import { requestMissingImageIndexing } from '../src/lib/server/images/request-image-indexing';
import { repeatJobs } from '../src/lib/server/jobs/repeat-jobs';
import { workJobs, type JobWorkers } from '../src/lib/server/jobs/work-jobs';
import { rebuildSuggestions } from '../src/lib/server/search/rebuild-suggestions';
import { dataDir, env } from '../src/lib/server/env';
import { logger } from '../src/lib/server/logger';
import { limitSettings } from '../src/lib/server/security/rate-limit';
import { abortStaleUploads } from '../src/lib/server/uploads/abort-stale-uploads';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { allowedHosts, setListenPort } from '../src/lib/server/request/public-origin';
import { DataDirLockedError } from '../src/lib/server/runtime/lock';
import { listenForChanges } from '../src/lib/server/runtime/change-notices';
import { collectWhenIdle, fullCollection } from '../src/lib/server/runtime/collect-when-idle';

// The bundle is always a production build (`npm run build`), and React, imported by it below, picks its build by
// NODE_ENV: any other value would run the development build (several times slower), whose JSX runtime the
// production bundle cannot call.
process.env.NODE_ENV = 'production';

/** The project root, found from this file so it works from scripts/ and bundled into dist/. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the start script');
    dir = parent;
  }
  return dir;
}

/** The built Astro handler (the adapter's middleware mode: pages and API only; client files are ours to serve). */
function astroEntry(): string {
  const entry = path.join(projectRoot(), 'dist/server/entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  return entry;
}

/** How long without a request before the heap a burst of work left behind is collected. */
const IDLE_COLLECT_MS = 10_000;

/** How often this process looks for uploads nobody finished. */
const UPLOAD_SWEEP_MS = 6 * 3600 * 1000;

/**
 * The demo seed draws its textures and writes hundreds of materials, and its pictures are then described for image
 * search; run inside the server, the heap and the C allocator's arenas that work grew stayed with the server for its
 * whole life (about 70 MB at rest). A process of its own does both and exits before the server opens the database
 * (docs/operations.md#memory).
 */
async function seedInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, SEED_ONLY], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  // It said why (another process holds the data directory, or the seed failed); this process ends the same way.
  if (code !== 0) process.exit(code ?? 1);
}

/** The argument that makes this script the seeding child instead of the server. */
const SEED_ONLY = '--seed-demo-only';

async function seedOnly() {
  const runtime = await bootRuntime();
  try {
    await seedDemoData(getDb());
    logger.info({ pid: process.pid }, 'demo data seeded');
    const described = await indexMaterialImages();
    logger.info({ described }, 'demo pictures described for image search');
  } finally {
    await runtime.close();
  }
}

async function main() {
  const e = env();
  limitSettings();
  const firstStart = !e.DATABASE_URL && !existsSync(path.join(dataDir(), 'pgdata'));
  if (e.SEED_DEMO === 'always' || (e.SEED_DEMO === 'auto' && firstStart)) await seedInChildProcess();
  const runtime = await bootRuntime();
  // A data directory left empty (an earlier first start stopped before its seed finished) is seeded here.
  if (e.SEED_DEMO === 'auto' && runtime.embedded && (await isDatabaseEmpty(getDb()))) await seedDemoData(getDb());
  const indexed = await backfillSearchText(getDb());
  if (indexed > 0) logger.info({ indexed }, 'materials indexed for text search');
  // Cards saved under older color-family rules are refiled, with their facets, before the store counts them.
  const refiled = await reclassifyColorFamilies(getDb());
  if (refiled > 0) logger.info({ refiled }, 'color cards refiled under the current color families');
  logger.info({ mode: await imageIndexMode() }, 'image search index');
  // Background jobs run here unless `npm run worker` processes take them (JOBS_IN_PROCESS=false with DATABASE_URL);
  // the embedded database has no other process to run them.
  let workers: JobWorkers | undefined;
  if (e.JOBS_IN_PROCESS || runtime.embedded) workers = await workJobs();
  // Pictures without a descriptor (the demo seed, a new descriptor version) are described while the site serves.
  const queued = await requestMissingImageIndexing();
  if (queued > 0) logger.info({ queued }, 'material images queued for image search');
  // The seed, an import or another process may have changed materials while this one was down: recount the
  // suggestion vocabulary before serving (only the difference is written, so an unchanged catalogue costs a scan).
  const vocabulary = await rebuildSuggestions(getDb());
  if (vocabulary.inserted + vocabulary.updated + vocabulary.deleted > 0) logger.info(vocabulary, 'search suggestions updated');

  // Other app processes on the same PostgreSQL server announce what they changed, so copies here are dropped too.
  const stopListening = runtime.embedded ? undefined : await listenForChanges();

  const { handler } = (await import(pathToFileURL(astroEntry()).href)) as { handler: http.RequestListener };
  const clientFiles = createStaticFiles(path.join(projectRoot(), 'dist/client'));

  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  const pages = createPageCache({ ttlMs: e.PAGE_CACHE_MS });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    // A page body over its limit is refused by its declared length, unread (docs/architecture.md#security).
    if (refuseOversizedPageBody(req, res)) return;
    if (clientFiles.serve(req, res)) return;
    if (e.PAGE_CACHE_MS > 0) void pages.handle(req, res, () => handler(req, res));
    else handler(req, res);
  };
  // At debug level every request reports its query count and database time (docs/operations.md#finding-where-time-goes).
  const measured = logger.isLevelEnabled('debug');
  const collect = fullCollection();
  const idle = collectWhenIdle(IDLE_COLLECT_MS, () => {
    pages.purgeStale();
    collect();
    runtime.collectDatabaseGarbage();
  });
  const server = http.createServer((req, res) => {
    inFlight += 1;
    idle.touch();
    const started = performance.now();
    const stats: QueryStats = { count: 0, ms: 0 };
    res.on('close', () => {
      inFlight -= 1;
      if (measured) logger.debug({ method: req.method, url: req.url, status: res.statusCode, ms: +(performance.now() - started).toFixed(1), queries: stats.count, dbMs: +stats.ms.toFixed(1) }, 'request timing');
      if (inFlight === 0) onIdle?.();
    });
    if (measured) countQueries(stats, () => serve(req, res));
    else serve(req, res);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(e.PORT, e.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : e.PORT;
  setListenPort(port);
  // Links then name only known hosts (docs/operations.md#configuration): say which, so a site reached by another name
  // knows why its links point elsewhere.
  if (!e.PUBLIC_ORIGIN) logger.info({ hosts: allowedHosts() }, 'PUBLIC_ORIGIN is unset: absolute links use the request’s host when it is one of these, else the first');
  logger.info({ port, embedded: runtime.embedded }, `MatLib is ready on http://localhost:${port}`);

  // Uploads nobody finished leave parts behind; they are given up after a week (docs/product/storage.md#multipart-uploads).
  const sweepUploads = () =>
    abortStaleUploads().then(
      (aborted) => aborted > 0 && logger.info({ aborted }, 'stale uploads given up'),
      (err) => logger.warn({ err }, 'stale uploads could not be swept'),
    );
  void sweepUploads();
  const uploadSweep = setInterval(() => void sweepUploads(), UPLOAD_SWEEP_MS);
  uploadSweep.unref();
  // Recurring jobs (usage events past their retention) go on the queue, for whichever process works it.
  const stopRepeating = repeatJobs();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(uploadSweep);
    idle.stop();
    stopRepeating();
    logger.info({ signal, inFlight }, 'shutting down: draining requests');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const drained = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve));
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), e.SHUTDOWN_TIMEOUT_MS).unref());
    if ((await Promise.race([drained, timeout])) === 'timeout') {
      logger.warn({ inFlight }, 'shutdown timeout: closing remaining connections');
    }
    server.closeAllConnections();
    await closed;
    // A job cut off here is not lost: it is taken again once its lease runs out.
    await workers?.stop(e.SHUTDOWN_TIMEOUT_MS);
    await stopListening?.();
    await runtime.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

(process.argv.includes(SEED_ONLY) ? seedOnly().then(() => process.exit(0)) : main()).catch((err) => {
  if (err instanceof DataDirLockedError) {
    logger.fatal(err.message);
    console.error(`\n${err.message}\n`);
    process.exit(75);
  }
  logger.fatal({ err }, 'start failed');
  process.exit(1);
});
