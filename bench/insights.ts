/**
 * The operator dashboard at scale (docs/product/insights.md#the-dashboard): 100,000 usage events over 90 days, with
 * error-log entries, the sample bag's timeline, sample requests through their steps and share opens beside them.
 * Times each aggregation and the whole dashboard for the 30- and 90-day ranges, and the supplier's slice, at the
 * domain functions (no HTTP). Prints the median and the slowest of the rounds; the dashboard is held to under 1 s.
 *   npm run bench:insights [-- --events 100000 --engines embedded,postgres --rounds 5]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' }, engines: { type: 'string', default: 'embedded,postgres' }, rounds: { type: 'string', default: '5' } } });

for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_insights');
  console.log(`\n${engine}:`);
  runScript(env, 'bench/insights-worker.ts', ['--events', values.events, '--rounds', values.rounds]);
}
