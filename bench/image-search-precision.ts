/**
 * Image search quality on a labelled texture set (docs/product/search.md#photo-search), measured the way the
 * product searches: catalogue pictures by computeDescriptor(), photos by computeQueryDescriptors() (several scales,
 * an image's distance its best over them), plain Euclidean distance between unit vectors.
 *   1. leave-one-out precision@10: every image a photo against all the others, the share of its 10 nearest from its
 *      class, overall and per class;
 *   2. the block weights chosen on even-numbered images and scored on odd ones (and the reverse), next to the
 *      shipped weights on the same half;
 *   3. mean reciprocal rank of the original when each image, transformed as a photo would differ
 *      (bench/image-search-transforms.ts), searches the untransformed set; also on the odd-numbered images alone,
 *      since the shipped parameters were chosen looking at even-numbered ones only; and how often the first result
 *      is at least a picture of the same material;
 *   4. the time to describe a 1 MP JPEG as a catalogue picture and as a photo.
 * Prints figures; decides nothing.
 *   npx tsx bench/image-search-precision.ts [dataset-dir]
 * The dataset is research-only (see its README): it is read here and never copied into the product.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  assemble,
  BLOCK_LAYOUT,
  blocksOf,
  computeDescriptor,
  computeQueryDescriptors,
  DESCRIPTOR_DIMENSIONS,
  DESCRIPTOR_VERSION,
  loadPixels,
  QUERY_SCALES,
  queryBlocksOf,
} from '../src/lib/server/images/descriptor';
import { layoutOf, layoutTemplatesOf, NEAR_DUPLICATE_CORRELATION, type LayoutTemplate } from '../src/lib/server/images/descriptor/layout';
import { reorderNearDuplicates } from '../src/lib/server/images/prefer-near-duplicates';
import { PHOTO_TRANSFORMS } from './image-search-transforms';

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
const B = BLOCK_LAYOUT.length;
const COLOR_BLOCKS = B - 1; // the texture block is last
console.log(
  `descriptor v${DESCRIPTOR_VERSION}, ${DESCRIPTOR_DIMENSIONS} dimensions, photos searched at ${QUERY_SCALES.map((s) => s.shortSide).join('/')} px; ` +
    `${N} images in ${classes.length} classes from ${DIR}`,
);

type Query = { color: Float32Array[]; textures: Float32Array[] };
const catalogue: Float32Array[][] = [];
// queries[t][i]: image i as a photo, t = 0 untransformed, then one per transform.
const queries: Query[][] = Array.from({ length: PHOTO_TRANSFORMS.length + 1 }, () => []);
// The search's last step (prefer-near-duplicates.ts): pictures whose layout holds the photo move first.
const layouts = new Map<number, Buffer>();
const templates: LayoutTemplate[][][] = Array.from({ length: PHOTO_TRANSFORMS.length + 1 }, () => []);
const started = performance.now();
for (const [i, it] of items.entries()) {
  const bytes = readFileSync(it.file);
  const pixels = await loadPixels(bytes);
  catalogue.push(blocksOf(pixels));
  layouts.set(i, layoutOf(pixels));
  queries[0]!.push(await queryBlocksOf(pixels));
  for (const [t, transform] of PHOTO_TRANSFORMS.entries()) {
    const photo = await loadPixels(await transform.apply(bytes));
    queries[t + 1]!.push(await queryBlocksOf(photo));
    templates[t + 1]!.push(layoutTemplatesOf(photo));
  }
  if ((i + 1) % 110 === 0) console.log(`  described ${i + 1}/${N} images and their ${PHOTO_TRANSFORMS.length} transforms (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

function sqDist(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) {
    const d = a[k]! - b[k]!;
    s += d * d;
  }
  return s;
}

// With unit blocks, the squared distance between weighted concatenations is sum(w_b^2 * d_b) / sum(w_b^2), so
// re-weighting needs no recomputation: per transform, the color blocks' and each scale's texture distances.
type Distances = { color: Float32Array[]; textures: Float32Array[] };
const distances: Distances[] = queries.map((qs) => ({
  color: Array.from({ length: COLOR_BLOCKS }, (_, b) => {
    const m = new Float32Array(N * N);
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) m[i * N + j] = sqDist(qs[i]!.color[b]!, catalogue[j]![b]!);
    return m;
  }),
  textures: QUERY_SCALES.map((_, s) => {
    const m = new Float32Array(N * N);
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) m[i * N + j] = sqDist(qs[i]!.textures[s]!, catalogue[j]![COLOR_BLOCKS]!);
    return m;
  }),
}));

const scorer = (t: number, w: ReadonlyArray<number>) => {
  const d = distances[t]!;
  const total = w.reduce((s, x) => s + x * x, 0);
  return (i: number, j: number): number => {
    let color = 0;
    for (let b = 0; b < COLOR_BLOCKS; b++) color += w[b]! * w[b]! * d.color[b]![i * N + j]!;
    let best = Number.POSITIVE_INFINITY;
    for (let s = 0; s < QUERY_SCALES.length; s++) {
      const score = (color + w[COLOR_BLOCKS]! * w[COLOR_BLOCKS]! * d.textures[s]![i * N + j]!) / total + QUERY_SCALES[s]!.penalty;
      if (score < best) best = score;
    }
    return best;
  };
};

const shipped = BLOCK_LAYOUT.map((b) => b.weight);

// Sanity: the block arithmetic must rank exactly like the product's vectors.
{
  const bytes = readFileSync(items[0]!.file);
  const photo = await computeQueryDescriptors(bytes);
  const stored = await computeDescriptor(readFileSync(items[1]!.file));
  const product = Math.min(...photo.map((q) => sqDist(q.vector, stored) + q.penalty));
  if (Math.abs(product - scorer(0, shipped)(0, 1)) > 1e-5) throw new Error('the benchmark and computeQueryDescriptors disagree');
  if (sqDist(assemble(catalogue[0]!, shipped), await computeDescriptor(bytes)) > 1e-10) throw new Error('computeDescriptor and assemble(blocksOf) disagree');
}

/** Mean precision@K of `qs` searched in `database` (the query itself excluded), plus per class. */
function precisionAtK(w: ReadonlyArray<number>, qs: number[], database: number[] = qs): { mean: number; perClass: number[] } {
  const score = scorer(0, w);
  const sum = new Array<number>(classes.length).fill(0);
  const count = new Array<number>(classes.length).fill(0);
  let total = 0;
  for (const i of qs) {
    const nearest = database
      .filter((j) => j !== i)
      .map((j) => ({ j, d: score(i, j) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, K);
    const cls = items[i]!.cls;
    const p = nearest.filter((n) => items[n.j]!.cls === cls).length / K;
    total += p;
    sum[cls]! += p;
    count[cls]! += 1;
  }
  return { mean: total / qs.length, perClass: sum.map((s, c) => (count[c] ? s / count[c]! : 0)) };
}

/**
 * Mean reciprocal rank of each query's own original among `database`'s originals, and the share of queries whose
 * first result is a picture of the same material class (the original or another photo of that material). With a
 * `threshold`, the ranking is the product's whole one: the descriptor's order, then near-duplicates moved first.
 */
function meanReciprocalRank(t: number, w: ReadonlyArray<number>, qs: number[], database: number[], threshold: number | null): { mrr: number; firstOfClass: number } {
  const score = scorer(t, w);
  let sum = 0;
  let ofClass = 0;
  for (const i of qs) {
    let ranked = database.map((j) => ({ imageId: j, distance: Math.sqrt(score(i, j)) })).sort((a, b) => a.distance - b.distance || a.imageId - b.imageId);
    if (threshold !== null) ranked = reorderNearDuplicates(ranked, templates[t]![i]!, layouts, threshold);
    sum += 1 / (ranked.findIndex((r) => r.imageId === i) + 1);
    if (items[ranked[0]!.imageId]!.cls === items[i]!.cls) ofClass++;
  }
  return { mrr: sum / qs.length, firstOfClass: ofClass / qs.length };
}

const all = items.map((_, i) => i);
const even = all.filter((i) => items[i]!.index % 2 === 0);
const odd = all.filter((i) => items[i]!.index % 2 === 1);

const full = precisionAtK(shipped, all);
console.log(`\nleave-one-out precision@${K} (shipped weights ${shipped.join(', ')}): ${full.mean.toFixed(3)}`);
classes.forEach((c, k) => console.log(`  ${c.padEnd(16)} ${full.perClass[k]!.toFixed(3)}`));

/** Coordinate search over block weights (multiplicative steps). */
function tune(subset: number[]): number[] {
  const w = shipped.slice();
  let best = precisionAtK(w, subset).mean;
  for (let round = 0; round < 3; round++) {
    for (let b = 0; b < B; b++) {
      for (const step of [0.5, 0.7, 1.4, 2]) {
        const trial = w.slice();
        trial[b] = w[b]! * step;
        const p = precisionAtK(trial, subset).mean;
        if (p > best + 1e-9) {
          best = p;
          w[b] = trial[b]!;
        }
      }
    }
  }
  return w;
}

// Two readings of "score on the other half": its images searched among themselves only (fewer same-class
// neighbours, so lower for any descriptor), and its images searched in the whole set (comparable to the
// leave-one-out figure above).
console.log(`\nsplit: weights tuned on one half, scored on the other half's queries`);
for (const [tuneName, tuneSet, scoreName, scoreSet] of [
  ['even', even, 'odd', odd],
  ['odd', odd, 'even', even],
] as const) {
  const w = tune(tuneSet);
  const fmt = (db: number[]) => `${precisionAtK(w, scoreSet, db).mean.toFixed(3)} (shipped weights ${precisionAtK(shipped, scoreSet, db).mean.toFixed(3)})`;
  console.log(`  tuned on ${tuneName} (w = ${w.map((x) => x.toFixed(2)).join(', ')}) -> ${scoreName} queries`);
  console.log(`    searched in ${scoreName} half only: ${fmt(scoreSet)}`);
  console.log(`    searched in all ${N} images:   ${fmt(all)}`);
}

// The correlation from which a picture counts as the photo's source, chosen on the even half's queries only.
const transforms = PHOTO_TRANSFORMS.map((_, t) => t + 1);
const meanOverTransforms = (threshold: number, qs: number[]) => transforms.reduce((s, t) => s + meanReciprocalRank(t, shipped, qs, all, threshold).mrr, 0) / transforms.length;
console.log(`\nnear-duplicate correlation, mean MRR over the transforms of the even half's queries (shipped: ${NEAR_DUPLICATE_CORRELATION}):`);
console.log('  ' + [0.6, 0.7, 0.8, 0.9, 0.95].map((c) => `${c}: ${meanOverTransforms(c, even).toFixed(3)}`).join('  '));

console.log(`\nmean reciprocal rank of the original, a transformed image searched among the ${N} originals (target >= 0.9 each):`);
console.log(`  ${'transform'.padEnd(30)} ${'all'.padStart(6)} ${'odd only'.padStart(9)} ${'descriptor alone'.padStart(17)}   first result of the same material`);
for (const [t, transform] of PHOTO_TRANSFORMS.entries()) {
  const onAll = meanReciprocalRank(t + 1, shipped, all, all, NEAR_DUPLICATE_CORRELATION);
  const onOdd = meanReciprocalRank(t + 1, shipped, odd, all, NEAR_DUPLICATE_CORRELATION);
  const alone = meanReciprocalRank(t + 1, shipped, all, all, null);
  console.log(`  ${transform.name.padEnd(30)} ${onAll.mrr.toFixed(3).padStart(6)} ${onOdd.mrr.toFixed(3).padStart(9)} ${alone.mrr.toFixed(3).padStart(17)}   ${onAll.firstOfClass.toFixed(3)}`);
}

// Timing: a 1000x1000 JPEG made by upscaling a dataset image, as an upload would arrive.
const mp = await sharp(readFileSync(items[0]!.file)).resize(1000, 1000).jpeg({ quality: 90 }).toBuffer();
async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(`${label}, 1000x1000 JPEG (${(mp.length / 1024).toFixed(0)} KB): p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms`);
}
console.log('');
await time('computeDescriptor (a catalogue picture)', () => computeDescriptor(mp));
await time('computeQueryDescriptors (a photo)', () => computeQueryDescriptors(mp));
const mpPixels = await loadPixels(mp);
await time('layoutTemplatesOf (a photo already decoded for its descriptor, for near-duplicates)', async () => layoutTemplatesOf(mpPixels));
