import type pg from 'pg';
import { getPool } from '../db/client';
import type { QueryDescriptor } from './descriptor';
import { recipeLabel, type DescriptorRecipe } from './descriptor-recipe';
import { createDescriptorTable, type DescriptorTable } from './descriptor-scan';
import { imageIndexMode, vectorLiteral } from './ensure-image-index';

export type SimilarImage = { imageId: number; distance: number };

type SearchedRecipe = Pick<DescriptorRecipe, 'version' | 'model' | 'dims'>;

/**
 * The `limit` stored images nearest to a photo, nearest first. The photo comes as several query vectors (the
 * descriptor at several scales, each with a penalty): an image's distance is its best over them, so a close-up of a
 * material finds the catalogue picture taken from further away. Distances are Euclidean between unit vectors.
 * With pgvector the HNSW index answers each vector as soon as it is computed (approximate, `ef_search` widened to
 * the limit so it can return that many); without it every stored descriptor of the recipe is compared in memory.
 */
export async function findSimilarImages(
  queries: ReadonlyArray<Promise<QueryDescriptor>>,
  limit: number,
  recipe: SearchedRecipe,
  pool: pg.Pool = getPool(),
): Promise<SimilarImage[]> {
  if ((await imageIndexMode(pool)) === 'exact') return scanExactly(pool, recipe, await Promise.all(queries), limit);
  const best = new Map<number, number>();
  for (const { imageId, penalty, distance } of await nearestIndexed(pool, recipe, queries, limit)) {
    const score = distance * distance + penalty;
    const known = best.get(imageId);
    if (known === undefined || score < known) best.set(imageId, score);
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([imageId, score]) => ({ imageId, distance: Math.sqrt(score) }));
}

/**
 * The HNSW index's `limit` nearest to each query vector, in one transaction on one connection. Each vector's
 * statement is sent as soon as it is ready: the database scans for one while the next is computed.
 */
async function nearestIndexed(
  pool: pg.Pool,
  recipe: SearchedRecipe,
  queries: ReadonlyArray<Promise<QueryDescriptor>>,
  limit: number,
): Promise<{ imageId: number; penalty: number; distance: number }[]> {
  const client = await pool.connect();
  const dims = recipe.dims;
  const nearest = `select image_id, (embedding::vector(${dims}) <-> $4::vector(${dims}))::float8 as distance
      from image_descriptors where version = $2 and model = $3
     order by embedding::vector(${dims}) <-> $4::vector(${dims}) limit $1`;
  try {
    // SET LOCAL needs a transaction; every statement runs on this one connection, nothing else waits on it.
    await client.query('begin');
    await client.query(`set local hnsw.ef_search = ${Math.max(40, Math.min(1000, limit))}`);
    const found: { imageId: number; penalty: number; distance: number }[] = [];
    for (const query of queries) {
      const { vector, penalty } = await query;
      const { rows } = await client.query<{ image_id: string; distance: number }>(nearest, [limit, recipe.version, recipe.model, vectorLiteral(vector)]);
      for (const r of rows) found.push({ imageId: Number(r.image_id), penalty, distance: r.distance });
    }
    await client.query('commit');
    return found;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The exact scan's rows for one recipe, and which image each row is. Rows are only ever appended. */
type Matrix = { ids: number[]; held: Set<number>; table: DescriptorTable; checkedAt: number; loadedThrough: number | null };
const matrices = new WeakMap<pg.Pool, Map<string, Promise<Matrix>>>();
/** New descriptors are picked up at most this long after they are stored. */
const REFRESH_MS = 2000;
const PAGE = 5000;

/** Every stored descriptor of the recipe against every query vector (descriptor-scan/): the whole cost of a search without pgvector. */
async function scanExactly(pool: pg.Pool, recipe: SearchedRecipe, queries: QueryDescriptor[], limit: number): Promise<SimilarImage[]> {
  const { ids, table } = await currentMatrix(pool, recipe);
  return table.nearest(queries, limit).map(({ row, score }) => ({ imageId: ids[row]!, distance: Math.sqrt(Math.max(0, score)) }));
}

function currentMatrix(pool: pg.Pool, recipe: SearchedRecipe): Promise<Matrix> {
  let byRecipe = matrices.get(pool);
  if (!byRecipe) matrices.set(pool, (byRecipe = new Map()));
  const key = recipeLabel(recipe);
  const forget = (p: Promise<Matrix>) => p.catch(() => byRecipe.delete(key));
  let pending = byRecipe.get(key);
  if (!pending) {
    pending = load(pool, recipe, { ids: [], held: new Set(), table: createDescriptorTable(recipe.dims), checkedAt: 0, loadedThrough: null });
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
 * Adds descriptors stored since the last load: at first every row of the recipe, in pages; afterwards the ids of
 * rows created since (the `(version, created_at)` index answers that without reading the rows), then only the
 * rows not held yet. The window reaches a few seconds back, since a transaction that commits late can carry an
 * earlier timestamp.
 */
async function load(pool: pg.Pool, recipe: SearchedRecipe, matrix: Matrix): Promise<Matrix> {
  const checkedAt = Date.now();
  const fresh: { id: number; quantized: Buffer }[] = [];
  let through = matrix.loadedThrough;
  const columns = 'image_id, quantized, (extract(epoch from created_at) * 1000)::float8 as created_ms';
  type Row = { image_id: string; quantized: Buffer; created_ms: number };
  const keep = (rows: Row[]) => {
    for (const row of rows) {
      const id = Number(row.image_id);
      if (row.quantized.length === 4 + recipe.dims) fresh.push({ id, quantized: row.quantized });
      if (through === null || row.created_ms > through) through = row.created_ms;
    }
  };
  if (matrix.loadedThrough === null) {
    for (let afterId = 0; ; ) {
      const { rows } = await pool.query<Row>(
        `select ${columns} from image_descriptors where version = $1 and model = $2 and image_id > $3 order by image_id limit ${PAGE}`,
        [recipe.version, recipe.model, afterId],
      );
      keep(rows);
      if (rows.length < PAGE) break;
      afterId = Number(rows[rows.length - 1]!.image_id);
    }
  } else {
    const { rows: recent } = await pool.query<{ image_id: string }>(
      `select image_id from image_descriptors where version = $1 and model = $2 and created_at > to_timestamp($3::float8 / 1000) - interval '5 seconds'`,
      [recipe.version, recipe.model, matrix.loadedThrough],
    );
    const missing = recent.map((r) => Number(r.image_id)).filter((id) => !matrix.held.has(id));
    for (let k = 0; k < missing.length; k += PAGE) {
      const { rows } = await pool.query<Row>(`select ${columns} from image_descriptors where version = $1 and model = $2 and image_id = any($3::bigint[])`, [
        recipe.version,
        recipe.model,
        missing.slice(k, k + PAGE),
      ]);
      keep(rows);
    }
  }
  // Two searches may refresh the same matrix at once: the second finds the first's rows held and adds nothing.
  const added = fresh.filter(({ id }) => !matrix.held.has(id));
  matrix.table.append(added.map((row) => row.quantized));
  for (const { id } of added) {
    matrix.held.add(id);
    matrix.ids.push(id);
  }
  return { ...matrix, checkedAt, loadedThrough: through };
}
