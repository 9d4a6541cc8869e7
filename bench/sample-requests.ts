/**
 * Sample requests at scale: a supplier with 20k requests and a buyer with 2k (docs/product/sampling.md). Times, at the domain
 * functions (no HTTP), submitting two bag items as a request (with an Idempotency-Key), a supplier's accept, and the
 * first page of the supplier's and the buyer's lists, all and filtered by state. Prints p50/p95; decides nothing.
 *   npm run bench:sample-requests [-- --requests 20000 --engines embedded,postgres --rounds 200]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '20000' }, engines: { type: 'string', default: 'embedded,postgres' }, rounds: { type: 'string', default: '200' } } });

for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_requests');
  console.log(`\n${engine}: seeding the demo data …`);
  runScript(env, 'scripts/db-seed.ts', ['--materials', '200']);
  runScript(env, 'bench/sample-requests-worker.ts', ['--requests', values.requests, '--rounds', values.rounds, '--label', engine]);
}
