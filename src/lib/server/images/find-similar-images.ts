import type pg from 'pg';
import { getPool } from '../db/client';
import type { QueryDescriptor } from './descriptor';
import { recipeLabel, type DescriptorRecipe } from './descriptor-recipe';
import { imageIndexMode, vectorLiteral } from './ensure-image-index';

export type SimilarImage = { imageId: number; distance: number };

type SearchedRecipe = Pick<DescriptorRecipe, 'version' | 'model' | 'dims'>;

/**
 * The `limit` stored images nearest to a photo, nearest first. The photo comes as several query vectors (the
 * descriptor at several scales, each with a penalty): an image's distance is its best over them, so a close-up of a
 * material finds the catalogue picture taken from further away. Distances are Euclidean between unit vectors.
 * With pgvector the HNSW index answers each vector (approximate, `ef_search` widened to the limit so it can return
 * that many); without it every stored descriptor of the recipe is compared in memory.
 */
export async function findSimilarImages(queries: QueryDescriptor[], limit: number, recipe: SearchedRecipe, pool: pg.Pool = getPool()): Promise<SimilarImage[]> {
  if ((await imageIndexMode(pool)) === 'exact') return scanExactly(pool, recipe, queries, limit);
  const best = new Map<number, number>();
  for (const { imageId, variant, distance } of await nearestIndexed(pool, recipe, queries, limit)) {
    const score = distance * distance + queries[variant]!.penalty;
    const known = best.get(imageId);
    if (known === undefined || score < known) best.set(imageId, score);
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([imageId, score]) => ({ imageId, distance: Math.sqrt(score) }));
}

/** The HNSW index's `limit` nearest to each query vector, all in one statement (one round trip, one transaction). */
async function nearestIndexed(pool: pg.Pool, recipe: SearchedRecipe, queries: QueryDescriptor[], limit: number): Promise<{ imageId: number; variant: number; distance: number }[]> {
  const client = await pool.connect();
  const dims = recipe.dims;
  const nearest = (k: number) => `(select ${k} as variant, image_id, (embedding::vector(${dims}) <-> $${k + 4}::vector(${dims}))::float8 as distance
      from image_descriptors where version = $2 and model = $3
     order by embedding::vector(${dims}) <-> $${k + 4}::vector(${dims}) limit $1)`;
  try {
    // SET LOCAL needs a transaction; both statements run on this one connection, nothing else waits on it.
    await client.query('begin');
    await client.query(`set local hnsw.ef_search = ${Math.max(40, Math.min(1000, limit))}`);
    const { rows } = await client.query<{ variant: number; image_id: string; distance: number }>(
      queries.map((_, k) => nearest(k)).join(' union all '),
      [limit, recipe.version, recipe.model, ...queries.map((q) => vectorLiteral(q.vector))],
    );
    await client.query('commit');
    return rows.map((r) => ({ imageId: Number(r.image_id), variant: r.variant, distance: r.distance }));
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Descriptors held in memory for the exact scan in their stored form (`encodeDescriptor`): one signed byte per
 * dimension and a scale per row, so 100k descriptors of ~850 dimensions take about 85 MB.
 */
type Matrix = { ids: number[]; held: Set<number>; codes: Int8Array; scales: Float32Array; checkedAt: number; loadedThrough: number | null };
const matrices = new WeakMap<pg.Pool, Map<string, Promise<Matrix>>>();
/** New descriptors are picked up at most this long after they are stored. */
const REFRESH_MS = 2000;
const PAGE = 5000;

/**
 * Every descriptor against every query vector. All are unit vectors, so |a - b|² = 2 - 2 a·b, and on the stored
 * bytes a dot product is one multiply-add per dimension. A photo's vectors differ only where its texture is (the
 * scales share the color blocks), so the shared dimensions are summed once per row, and the rest for three
 * vectors at a time in one pass over the row: this loop is the whole cost of a search without pgvector.
 */
async function scanExactly(pool: pg.Pool, recipe: SearchedRecipe, queries: QueryDescriptor[], limit: number): Promise<SimilarImage[]> {
  const { ids, codes, scales } = await currentMatrix(pool, recipe);
  const n = recipe.dims;
  const [from, to] = differingRange(queries, n);
  // Padded to a multiple of three with the last vector again: a repeated vector changes no minimum.
  const groups: QueryDescriptor[][] = [];
  for (let k = 0; k < queries.length; k += 3) groups.push([0, 1, 2].map((j) => queries[Math.min(k + j, queries.length - 1)]!));
  const first = queries[0]!.vector;
  const best: { row: number; score: number }[] = [];
  let ceiling = Number.POSITIVE_INFINITY;
  for (let r = 0, base = 0; r < ids.length; r++, base += n) {
    let shared = 0;
    for (let i = 0; i < from; i++) shared += first[i]! * codes[base + i]!;
    for (let i = to; i < n; i++) shared += first[i]! * codes[base + i]!;
    let score = Number.POSITIVE_INFINITY;
    for (const [a, b, c] of groups as [QueryDescriptor, QueryDescriptor, QueryDescriptor][]) {
      const qa = a.vector;
      const qb = b.vector;
      const qc = c.vector;
      let sa = shared;
      let sb = shared;
      let sc = shared;
      for (let i = from; i < to; i++) {
        const code = codes[base + i]!;
        sa += qa[i]! * code;
        sb += qb[i]! * code;
        sc += qc[i]! * code;
      }
      const scale = 2 * scales[r]!;
      score = Math.min(score, 2 - sa * scale + a.penalty, 2 - sb * scale + b.penalty, 2 - sc * scale + c.penalty);
    }
    if (best.length === limit && score >= ceiling) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score > score) at--;
    best.splice(at, 0, { row: r, score });
    if (best.length > limit) best.pop();
    if (best.length === limit) ceiling = best[limit - 1]!.score;
  }
  return best.map(({ row, score }) => ({ imageId: ids[row]!, distance: Math.sqrt(Math.max(0, score)) }));
}

/** The dimensions [from, to) where the query vectors are not all equal ([0, 0) when there is one vector). */
function differingRange(queries: QueryDescriptor[], n: number): [number, number] {
  const first = queries[0]!.vector;
  const differs = (i: number) => queries.some((q) => q.vector[i] !== first[i]);
  let from = 0;
  while (from < n && !differs(from)) from++;
  let to = n;
  while (to > from && !differs(to - 1)) to--;
  return [from, to];
}

function currentMatrix(pool: pg.Pool, recipe: SearchedRecipe): Promise<Matrix> {
  let byRecipe = matrices.get(pool);
  if (!byRecipe) matrices.set(pool, (byRecipe = new Map()));
  const key = recipeLabel(recipe);
  const forget = (p: Promise<Matrix>) => p.catch(() => byRecipe.delete(key));
  let pending = byRecipe.get(key);
  if (!pending) {
    pending = load(pool, recipe, { ids: [], held: new Set(), codes: new Int8Array(0), scales: new Float32Array(0), checkedAt: 0, loadedThrough: null });
    byRecipe.set(key, pending);
    forget(pending);
    return pending;
  }
  return pending.then((matrix) => {
    if (Date.now() - matrix.checkedAt < REFRESH_MS) return matrix;
    const next = load(pool, recipe, matrix);
    byRecipe.set(key, next);
    forget(next);
    return next;
  });
}

/**
 * Adds descriptors stored since the last load. Rows are read by `created_at` with a few seconds of overlap, since a
 * transaction that commits late can carry an earlier timestamp; rows already held are skipped by image id.
 */
async function load(pool: pg.Pool, recipe: SearchedRecipe, matrix: Matrix): Promise<Matrix> {
  const n = recipe.dims;
  const checkedAt = Date.now();
  const fresh: { id: number; quantized: Buffer }[] = [];
  let through = matrix.loadedThrough;
  let afterId = 0;
  for (;;) {
    const { rows } = await pool.query<{ image_id: string; quantized: Buffer; created_ms: number }>(
      `select image_id, quantized, (extract(epoch from created_at) * 1000)::float8 as created_ms from image_descriptors
        where version = $1 and model = $4 and ($2::float8 is null or created_at > to_timestamp($2::float8 / 1000) - interval '5 seconds') and image_id > $3
        order by image_id limit ${PAGE}`,
      [recipe.version, matrix.loadedThrough, afterId, recipe.model],
    );
    for (const row of rows) {
      const id = Number(row.image_id);
      if (!matrix.held.has(id) && row.quantized.length === 4 + n) fresh.push({ id, quantized: row.quantized });
      if (through === null || row.created_ms > through) through = row.created_ms;
    }
    if (rows.length < PAGE) break;
    afterId = Number(rows[rows.length - 1]!.image_id);
  }
  if (fresh.length === 0) return { ...matrix, checkedAt, loadedThrough: through };
  const count = matrix.ids.length;
  const codes = new Int8Array((count + fresh.length) * n);
  codes.set(matrix.codes);
  const scales = new Float32Array(count + fresh.length);
  scales.set(matrix.scales);
  const ids = [...matrix.ids];
  const held = new Set(matrix.held);
  for (const { id, quantized } of fresh) {
    const row = ids.length;
    scales[row] = quantized.readFloatLE(0);
    codes.set(new Int8Array(quantized.buffer, quantized.byteOffset + 4, n), row * n);
    held.add(id);
    ids.push(id);
  }
  return { ids, held, codes, scales, checkedAt, loadedThrough: through };
}
