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

/** Descriptors held in memory for the exact scan, one row of `DESCRIPTOR_DIMENSIONS` floats per image. */
type Matrix = { ids: number[]; rows: Map<number, number>; data: Float32Array; checkedAt: number; loadedThrough: number | null };
const matrices = new WeakMap<pg.Pool, Promise<Matrix>>();
/** New descriptors are picked up at most this long after they are stored. */
const REFRESH_MS = 2000;
const PAGE = 5000;

async function scanExactly(pool: pg.Pool, query: Float32Array, limit: number): Promise<SimilarImage[]> {
  const matrix = await currentMatrix(pool);
  const n = DESCRIPTOR_DIMENSIONS;
  const count = matrix.ids.length;
  const { data } = matrix;
  // Keep the `limit` best in a small sorted array: cheaper than sorting every distance when limit << count.
  const best: SimilarImage[] = [];
  let worst = Number.POSITIVE_INFINITY;
  for (let r = 0; r < count; r++) {
    let sum = 0;
    const base = r * n;
    for (let i = 0; i < n; i++) {
      const d = data[base + i]! - query[i]!;
      sum += d * d;
      if (sum >= worst) break;
    }
    if (best.length === limit && sum >= worst) continue;
    const entry = { imageId: matrix.ids[r]!, distance: sum };
    let at = best.length;
    while (at > 0 && best[at - 1]!.distance > sum) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
    if (best.length === limit) worst = best[limit - 1]!.distance;
  }
  return best.map((b) => ({ imageId: b.imageId, distance: Math.sqrt(b.distance) }));
}

function currentMatrix(pool: pg.Pool): Promise<Matrix> {
  let pending = matrices.get(pool);
  if (!pending) {
    pending = load(pool, { ids: [], rows: new Map(), data: new Float32Array(0), checkedAt: 0, loadedThrough: null });
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
  const fresh: { id: number; descriptor: number[] }[] = [];
  let through = matrix.loadedThrough;
  let afterId = 0;
  for (;;) {
    const { rows } = await pool.query<{ image_id: string; descriptor: number[]; created_ms: number }>(
      `select image_id, descriptor, (extract(epoch from created_at) * 1000)::float8 as created_ms from image_descriptors
        where version = $1 and ($2::float8 is null or created_at > to_timestamp($2::float8 / 1000) - interval '5 seconds') and image_id > $3
        order by image_id limit ${PAGE}`,
      [DESCRIPTOR_VERSION, matrix.loadedThrough, afterId],
    );
    for (const row of rows) {
      const id = Number(row.image_id);
      if (!matrix.rows.has(id) && row.descriptor.length === n) fresh.push({ id, descriptor: row.descriptor });
      if (through === null || row.created_ms > through) through = row.created_ms;
    }
    if (rows.length < PAGE) break;
    afterId = Number(rows[rows.length - 1]!.image_id);
  }
  if (fresh.length === 0) return { ...matrix, checkedAt, loadedThrough: through };
  const data = new Float32Array((matrix.ids.length + fresh.length) * n);
  data.set(matrix.data);
  const ids = [...matrix.ids];
  const rows = new Map(matrix.rows);
  for (const { id, descriptor } of fresh) {
    rows.set(id, ids.length);
    data.set(descriptor, ids.length * n);
    ids.push(id);
  }
  return { ids, rows, data, checkedAt, loadedThrough: through };
}
