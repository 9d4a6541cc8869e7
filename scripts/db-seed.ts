/**
 * `npm run db:seed`: insert the demo data (idempotent: what exists is left alone).
 * `npm run db:seed -- --materials 100000`: then grow the catalogue to that many materials, for benchmarks.
 */
import { parseArgs } from 'node:util';
import { getDb } from '../src/lib/server/db/client';
import { seedDemoData } from '../src/lib/server/seed';
import { seedBulkMaterials } from '../src/lib/server/seed/bulk-materials';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { rebuildSuggestions } from '../src/lib/server/search/rebuild-suggestions';

let target: number | undefined;
try {
  const { values } = parseArgs({ options: { materials: { type: 'string' } }, strict: true });
  if (values.materials !== undefined) {
    target = Number(values.materials);
    if (!Number.isInteger(target) || target < 1 || target > 10_000_000) throw new Error(`--materials must be a whole number from 1 to 10000000, not "${values.materials}"`);
  }
} catch (err) {
  console.error(`db:seed: ${(err as Error).message}\nUsage: npm run db:seed [-- --materials <count>]`);
  process.exit(64);
}
const runtime = await bootRuntime();
try {
  await seedDemoData(getDb());
  if (target !== undefined) {
    const started = Date.now();
    let last = 0;
    const added = await seedBulkMaterials(getDb(), target, (done) => {
      if (Date.now() - last > 2_000) {
        last = Date.now();
        console.log(`db:seed: ${done} materials`);
      }
    });
    console.log(`db:seed: added ${added} materials in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The bulk seed writes rows directly, past the save path that schedules it: recount the suggestions here.
  const started = Date.now();
  const vocabulary = await rebuildSuggestions(getDb());
  console.log(`db:seed: ${vocabulary.terms} suggestion terms (${vocabulary.inserted} new) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await runtime.close();
}
