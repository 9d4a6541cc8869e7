/**
 * Thumbnail throughput (docs/architecture.md#budgets: >= 40 images/s per core, 1600 -> 480 webp): the production derivative pipeline
 * (`derive`: auto-orient, resize, webp q80) over about fifty distinct generated material textures at 1600 px,
 * first on one core (libvips with one thread, one image at a time), then on every core. Prints figures; decides nothing.
 *   npm run bench:thumbnails [-- --images 50 --rounds 3]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { derive } from '../src/lib/server/images/render-preset';
import { renderTexture, TEXTURE_KINDS } from '../src/lib/server/seed/textures';

const { values } = parseArgs({ options: { images: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const count = Number(values.images);
const rounds = Number(values.rounds);
const COLORS = ['#8b4a2b', '#1d3f8a', '#efece6', '#2e2e2e', '#b0413e'];

// Originals: generated once and kept in the temp dir, like uploaded JPEGs (q90, 1600 x 1600).
const dir = path.join(tmpdir(), 'matlib-bench-thumbnails');
mkdirSync(dir, { recursive: true });
const originals: Buffer[] = [];
const made = performance.now();
for (let i = 0; i < count; i++) {
  const kind = TEXTURE_KINDS[i % TEXTURE_KINDS.length]!;
  const color = COLORS[Math.floor(i / TEXTURE_KINDS.length) % COLORS.length]!;
  const file = path.join(dir, `${kind}-${color.slice(1)}-${i}.jpg`);
  if (!existsSync(file)) {
    const texture = await renderTexture(kind, color, i, 1600);
    writeFileSync(file, await sharp(texture).jpeg({ quality: 90 }).toBuffer());
  }
  originals.push(readFileSync(file));
}
const totalBytes = originals.reduce((n, b) => n + b.length, 0);
console.log(`${originals.length} originals, 1600 x 1600 JPEG, ${(totalBytes / originals.length / 1024).toFixed(0)} KB each (ready in ${((performance.now() - made) / 1000).toFixed(1)} s)`);

async function run(parallel: number): Promise<{ perSecond: number; outBytes: number; p50: number; p95: number }> {
  const jobs = Array.from({ length: rounds }, () => originals).flat();
  const times: number[] = [];
  let outBytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < jobs.length; i = next++) {
        const t0 = performance.now();
        const out = await derive(jobs[i]!, 480, 'webp');
        times.push(performance.now() - t0);
        outBytes += out.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: jobs.length / seconds, outBytes: outBytes / jobs.length, p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

// Warm-up (libvips caches off, so every round decodes again).
sharp.cache(false);
await derive(originals[0]!, 480, 'webp');

const cores = availableParallelism();
sharp.concurrency(1);
const one = await run(1);
sharp.concurrency(0);
const all = await run(cores);
const line = (name: string, r: typeof one, perCore: number) =>
  `${name.padEnd(26)} ${r.perSecond.toFixed(1).padStart(7)} images/s   ${perCore.toFixed(1).padStart(6)} per core   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   ${(r.outBytes / 1024).toFixed(1)} KB out`;
console.log(`\n1600 -> 480 webp (q80), ${originals.length} images x ${rounds} rounds, ${cores} cores`);
console.log(line('one core (1 libvips thread)', one, one.perSecond));
console.log(line(`all cores (${cores} in flight)`, all, all.perSecond / cores));
console.log(`target (docs/architecture.md#budgets): >= 40 images/s per core`);
