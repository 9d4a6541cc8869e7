/**
 * The color library's server work (docs/product/color-library.md): importing a licensee-sized book, the
 * book-type calls a gradient page makes (a family, a code or name, a typed hex), a color's nearest colors across
 * three books, a whole gradient page's data, and color-card book writes and reads at their limits. Timed at the
 * domain functions (no HTTP) on a fresh embedded database. Prints p50/p95; decides nothing.
 *   npm run bench:color-library [-- --rounds 20 --engines embedded,postgres]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' }, engines: { type: 'string', default: 'embedded' } } });

for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_colors');
  console.log(`\n${engine}:`);
  runScript(env, 'bench/color-library-worker.ts', ['--rounds', values.rounds]);
}
