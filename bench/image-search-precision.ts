/**
 * Image search precision on a labelled texture set (docs/product/search.md#photo-search): every image is a query against
 * all others, ranked by plain Euclidean distance between computeDescriptor() vectors (what pgvector `<->` does),
 * and precision@10 is the share of the 10 nearest from the query's class. Block weights are tuned by hand on the
 * whole set, so the benchmark also re-tunes them on even-numbered images and scores odd ones (and the reverse),
 * each half searched only against itself: the gap between that and the shipped weights on the same half is the
 * overfitting. Finally times computeDescriptor on a 1 MP JPEG. Prints figures; decides nothing.
 *   npx tsx bench/image-search-precision.ts [dataset-dir]
 * The dataset is research-only (see its README): it is read here and never copied into the product.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { assemble, BLOCK_LAYOUT, computeBlocks, computeDescriptor, DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION } from '../src/lib/server/images/descriptor';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.resolve(process.argv[2] ?? path.join(ROOT, '..', 'shared', 'datasets', 'textures'));
const K = 10;

const classes = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
type Item = { file: string; cls: number; index: number };
const items: Item[] = classes.flatMap((c, cls) =>
  readdirSync(path.join(DIR, c))
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort()
    .map((f, index) => ({ file: path.join(DIR, c, f), cls, index })),
);
const N = items.length;
console.log(`descriptor v${DESCRIPTOR_VERSION}, ${DESCRIPTOR_DIMENSIONS} dimensions; ${N} images in ${classes.length} classes from ${DIR}`);

const vectors: Float32Array[] = [];
const blocks: Float32Array[][] = [];
for (const it of items) {
  const bytes = readFileSync(it.file);
  vectors.push(await computeDescriptor(bytes));
  blocks.push(await computeBlocks(bytes));
}

function sqDist(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) {
    const d = a[k]! - b[k]!;
    s += d * d;
  }
  return s;
}

/** Mean precision@K of `queries` searched in `database` (the query itself excluded), plus per class. */
function precisionAtK(dist: (i: number, j: number) => number, queries: number[], database: number[] = queries): { mean: number; perClass: number[] } {
  const sum = new Array<number>(classes.length).fill(0);
  const count = new Array<number>(classes.length).fill(0);
  let total = 0;
  for (const i of queries) {
    const nearest = database
      .filter((j) => j !== i)
      .map((j) => ({ j, d: dist(i, j) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, K);
    const cls = items[i]!.cls;
    const p = nearest.filter((n) => items[n.j]!.cls === cls).length / K;
    total += p;
    sum[cls]! += p;
    count[cls]! += 1;
  }
  return { mean: total / queries.length, perClass: sum.map((s, c) => (count[c] ? s / count[c]! : 0)) };
}

const all = items.map((_, i) => i);
const full = precisionAtK((i, j) => sqDist(vectors[i]!, vectors[j]!), all);
console.log(`\nleave-one-out precision@${K}: ${full.mean.toFixed(3)}`);
classes.forEach((c, k) => console.log(`  ${c.padEnd(16)} ${full.perClass[k]!.toFixed(3)}`));

// Per-block squared distances: with unit blocks the squared distance of the weighted concatenation is
// sum(w_b^2 * d_b) / sum(w_b^2), so re-weighting needs no recomputation.
const B = BLOCK_LAYOUT.length;
const blockDist = Array.from({ length: B }, () => new Float64Array(N * N));
for (let i = 0; i < N; i++)
  for (let j = i + 1; j < N; j++)
    for (let b = 0; b < B; b++) {
      const d = sqDist(blocks[i]![b]!, blocks[j]![b]!);
      blockDist[b]![i * N + j] = d;
      blockDist[b]![j * N + i] = d;
    }
const weighted = (w: ReadonlyArray<number>) => (i: number, j: number) => {
  let s = 0;
  for (let b = 0; b < B; b++) s += w[b]! * w[b]! * blockDist[b]![i * N + j]!;
  return s;
};

// Sanity: the weighted block distance must rank exactly like the shipped vectors.
const shipped = BLOCK_LAYOUT.map((b) => b.weight);
const check = assemble(blocks[0]!, shipped);
if (sqDist(check, vectors[0]!) > 1e-10) throw new Error('computeDescriptor and assemble(computeBlocks) disagree');

/** Coordinate search over block weights (multiplicative steps), the same procedure used to pick the shipped ones. */
function tune(subset: number[]): number[] {
  const w = shipped.slice();
  let best = precisionAtK(weighted(w), subset).mean;
  for (let round = 0; round < 3; round++) {
    for (let b = 0; b < B; b++) {
      for (const step of [0.5, 0.7, 1.4, 2]) {
        const trial = w.slice();
        trial[b] = w[b]! * step;
        const p = precisionAtK(weighted(trial), subset).mean;
        if (p > best + 1e-9) {
          best = p;
          w[b] = trial[b]!;
        }
      }
    }
  }
  return w;
}

const even = all.filter((i) => items[i]!.index % 2 === 0);
const odd = all.filter((i) => items[i]!.index % 2 === 1);
// Two readings of "score on the other half": its images searched among themselves only (fewer same-class
// neighbours, so lower for any descriptor), and its images searched in the whole set (comparable to the
// leave-one-out figure above).
console.log(`\nsplit: weights tuned on one half, scored on the other half's queries`);
for (const [tuneName, tuneSet, scoreName, scoreSet] of [
  ['even', even, 'odd', odd],
  ['odd', odd, 'even', even],
] as const) {
  const w = tune(tuneSet);
  const equalW = shipped.map(() => 1);
  const fmt = (db: number[]) =>
    `${precisionAtK(weighted(w), scoreSet, db).mean.toFixed(3)} (shipped weights ${precisionAtK(weighted(shipped), scoreSet, db).mean.toFixed(3)}, equal weights ${precisionAtK(weighted(equalW), scoreSet, db).mean.toFixed(3)})`;
  console.log(`  tuned on ${tuneName} (w = ${w.map((x) => x.toFixed(2)).join(', ')}) -> ${scoreName} queries`);
  console.log(`    searched in ${scoreName} half only: ${fmt(scoreSet)}`);
  console.log(`    searched in all ${N} images:   ${fmt(all)}`);
}

// Timing: a 1000x1000 JPEG made by upscaling a dataset image, as an upload would arrive.
const mp = await sharp(readFileSync(items[0]!.file)).resize(1000, 1000).jpeg({ quality: 90 }).toBuffer();
for (let i = 0; i < 3; i++) await computeDescriptor(mp);
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await computeDescriptor(mp);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const pct = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
console.log(`\ncomputeDescriptor, 1000x1000 JPEG (${(mp.length / 1024).toFixed(0)} KB): p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms`);
