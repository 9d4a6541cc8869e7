import type pg from 'pg';
import { getPool } from '../db/client';
import { DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION } from './descriptor';
import { imageIndexMode, vectorLiteral } from './ensure-image-index';

export type SimilarImage = { imageId: number; distance: number };

/**
 * The `limit` stored images nearest to `descriptor` (Euclidean distance between unit descriptors), nearest first.
 * With pgvector the HNSW index answers (approximate, `ef_search` widened to the limit so it can return that many);
 * without it every descriptor of the current version is compared in memory.
 */
export async function findSimilarImages(descriptor: Float32Array, limit: number, pool: pg.Pool = getPool()): Promise<SimilarImage[]> {
  if ((await imageIndexMode(pool)) === 'exact') return scanExactly(pool, descriptor, limit);
  const client = await pool.connect();
  try {
    // SET LOCAL needs a transaction; both statements run on this one connection, nothing else waits on it.
    await client.query('begin');
    await client.query(`set local hnsw.ef_search = ${Math.max(40, Math.min(1000, limit))}`);
    const { rows } = await client.query<{ image_id: string; distance: number }>(
      `select image_id, (embedding::vector(${DESCRIPTOR_DIMENSIONS}) <-> $1::vector(${DESCRIPTOR_DIMENSIONS}))::float8 as distance
         from image_descriptors where version = ${DESCRIPTOR_VERSION}
        order by embedding::vector(${DESCRIPTOR_DIMENSIONS}) <-> $1::vector(${DESCRIPTOR_DIMENSIONS}) limit $2`,
      [vectorLiteral(descriptor), limit],
    );
    await client.query('commit');
    return rows.map((r) => ({ imageId: Number(r.image_id), distance: r.distance }));
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
const matrices = new WeakMap<pg.Pool, Promise<Matrix>>();
/** New descriptors are picked up at most this long after they are stored. */
const REFRESH_MS = 2000;
const PAGE = 5000;

/**
 * Every descriptor against the query. Both are unit vectors, so the nearest are those with the largest dot product
 * (|a - b|² = 2 - 2 a·b), which on the stored bytes is one multiply-add per dimension.
 */
async function scanExactly(pool: pg.Pool, query: Float32Array, limit: number): Promise<SimilarImage[]> {
  const { ids, codes, scales } = await currentMatrix(pool);
  const n = DESCRIPTOR_DIMENSIONS;
  const best: { row: number; dot: number }[] = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (let r = 0, base = 0; r < ids.length; r++, base += n) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += query[i]! * codes[base + i]!;
    const dot = sum * scales[r]!;
    if (best.length === limit && dot <= floor) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.dot < dot) at--;
    best.splice(at, 0, { row: r, dot });
    if (best.length > limit) best.pop();
    if (best.length === limit) floor = best[limit - 1]!.dot;
  }
  return best.map(({ row, dot }) => ({ imageId: ids[row]!, distance: Math.sqrt(Math.max(0, 2 - 2 * dot)) }));
}

function currentMatrix(pool: pg.Pool): Promise<Matrix> {
  let pending = matrices.get(pool);
  if (!pending) {
    pending = load(pool, { ids: [], held: new Set(), codes: new Int8Array(0), scales: new Float32Array(0), checkedAt: 0, loadedThrough: null });
    matrices.set(pool, pending);
    pending.catch(() => matrices.delete(pool));
    return pending;
  }
  return pending.then((matrix) => {
    if (Date.now() - matrix.checkedAt < REFRESH_MS) return matrix;
    const next = load(pool, matrix);
    matrices.set(pool, next);
    next.catch(() => matrices.delete(pool));
    return next;
  });
}

/**
 * Adds descriptors stored since the last load. Rows are read by `created_at` with a few seconds of overlap, since a
 * transaction that commits late can carry an earlier timestamp; rows already held are skipped by image id.
 */
async function load(pool: pg.Pool, matrix: Matrix): Promise<Matrix> {
  const n = DESCRIPTOR_DIMENSIONS;
  const checkedAt = Date.now();
  const fresh: { id: number; quantized: Buffer }[] = [];
  let through = matrix.loadedThrough;
  let afterId = 0;
  for (;;) {
    const { rows } = await pool.query<{ image_id: string; quantized: Buffer; created_ms: number }>(
      `select image_id, quantized, (extract(epoch from created_at) * 1000)::float8 as created_ms from image_descriptors
        where version = $1 and ($2::float8 is null or created_at > to_timestamp($2::float8 / 1000) - interval '5 seconds') and image_id > $3
        order by image_id limit ${PAGE}`,
      [DESCRIPTOR_VERSION, matrix.loadedThrough, afterId],
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
