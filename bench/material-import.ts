/**
 * The bulk import at its bound (docs/product/integrations.md#bulk-import): a 5,000-row .xlsx of new materials, its dry
 * run and its import, then the same file again (every row unchanged). Prints the times and the peak memory (RSS and
 * heap); decides nothing.
 *   npm run bench:material-import [-- --rows 5000 --engines embedded,postgres]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' }, engines: { type: 'string', default: 'embedded' } } });

for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_import');
  console.log(`\n${engine}: seeding the demo data …`);
  runScript(env, 'scripts/db-seed.ts', []);
  runScript(env, 'bench/material-import-worker.ts', ['--rows', values.rows, '--label', engine]);
}
