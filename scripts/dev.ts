/** `npm run dev`: the embedded database plus Astro's dev server with hot reload. */
import { dev } from 'astro';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { getDb } from '../src/lib/server/db/client';
import { isDatabaseEmpty, seedDemoData } from '../src/lib/server/seed';
import { rebuildSuggestions } from '../src/lib/server/search/rebuild-suggestions';
import { reclassifyColorFamilies } from '../src/lib/server/colors/reclassify-color-families';
import { requestMissingImageIndexing } from '../src/lib/server/images/request-image-indexing';
import { workJobs } from '../src/lib/server/jobs/work-jobs';

process.env.NODE_ENV ??= 'development';
const runtime = await bootRuntime();
if (runtime.embedded && (await isDatabaseEmpty(getDb()))) await seedDemoData(getDb());
await reclassifyColorFamilies(getDb());
await rebuildSuggestions(getDb());
// Background jobs run in this process, as with `npm start`.
const workers = await workJobs();
await requestMissingImageIndexing();
const server = await dev({});
const stop = async () => {
  await server.stop();
  await workers.stop();
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
