/**
 * Image search (docs/architecture.md#budgets: precision@10 >= 0.9 on the texture set; p95 <= 300 ms for a 1 MP upload at 100k
 * materials): first leave-one-out precision@10 on ../shared/datasets/textures (bench/image-search-precision.ts),
 * then, per engine, a catalogue of 100k materials each with its own picture and the upload timed end to end.
 * Prints figures; decides nothing.
 *   npm run bench:image-search [-- --materials 100000 --engines embedded,postgres --uploads 30 --skip-precision]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({
  options: {
    materials: { type: 'string', default: '100000' },
    engines: { type: 'string', default: 'embedded,postgres' },
    uploads: { type: 'string', default: '30' },
    'skip-precision': { type: 'boolean', default: false },
  },
});

if (!values['skip-precision']) {
  console.log('precision on the texture set:');
  runScript({}, 'bench/image-search-precision.ts', []);
}
for (const engine of values.engines.split(',').filter(Boolean)) {
  const env = await benchEnv(engine, 'matlib_bench_image');
  console.log(`\n${engine}: seeding ${values.materials} materials …`);
  runScript(env, 'scripts/db-seed.ts', ['--materials', values.materials]);
  runScript(env, 'bench/image-search-worker.ts', ['--uploads', values.uploads, '--label', `${engine}, ${values.materials} materials`]);
}
