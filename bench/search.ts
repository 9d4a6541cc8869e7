/**
 * Ranked text search and suggestions at 100k materials (docs/architecture.md#budgets: p95 ≤ 50 ms / ≤ 15 ms server-side on native
 * PostgreSQL, PGlite ≤ 2x): for search a mix of Chinese 1-3 character queries, English words and prefixes, and
 * mixed scripts; for suggestions what is typed on the way to a word (1-3 Chinese characters, short Latin prefixes).
 * Timed at the domain functions (no HTTP), one query at a time. Prints p50/p95 (and how long seeding's vocabulary
 * build and a no-change rebuild take); decides nothing.
 *   npm run bench:search [-- --materials 100000 --engines embedded,postgres --rounds 5]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { materials: { type: 'string', default: '100000' }, engines: { type: 'string', default: 'embedded,postgres' }, rounds: { type: 'string', default: '5' } } });

for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_search');
  const run = (script: string, args: string[]) => runScript(env, script, args);
  console.log(`\n${engine}: seeding ${values.materials} materials …`);
  run('scripts/db-seed.ts', ['--materials', values.materials]);
  run('bench/search-worker.ts', ['--rounds', values.rounds, '--label', `${engine}, ${values.materials} materials`]);
}
