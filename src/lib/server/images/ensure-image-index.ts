import type pg from 'pg';
import { getPool } from '../db/client';
import { logger } from '../logger';
import { rememberPromise } from '../remember-promise';
import { DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION } from './descriptor';

/** How similar images are found: pgvector's HNSW index, or an exact scan of the descriptors in memory. */
export type ImageIndexMode = 'hnsw' | 'exact';

const modes = new WeakMap<pg.Pool, Promise<ImageIndexMode>>();

/**
 * Once per database: where pgvector is installed (migration 0000 installs it when the server offers it), add the
 * `embedding` column and an HNSW index for the current descriptor version; elsewhere image search scans exactly
 * and `/api/health` says so (docs/architecture.md#entry-points). The column has no fixed dimension and the index casts to this version's,
 * so a new descriptor version gets its own index beside the old one (pgvector's partial expression index).
 */
export function imageIndexMode(pool: pg.Pool = getPool()): Promise<ImageIndexMode> {
  return rememberPromise(modes, pool, () => ensure(pool));
}

async function ensure(pool: pg.Pool): Promise<ImageIndexMode> {
  const { rows } = await pool.query<{ installed: boolean }>("select exists (select 1 from pg_extension where extname = 'vector') as installed");
  if (!rows[0]?.installed) {
    logger.info('pgvector is not installed: image search scans descriptors exactly');
    return 'exact';
  }
  await pool.query('alter table image_descriptors add column if not exists embedding vector');
  await pool.query(HNSW_INDEX_DDL);
  // Descriptors stored before pgvector was installed have no embedding yet: `indexMaterialImages` computes them.
  return 'hnsw';
}

/** The current version's HNSW index (a bulk load drops it and runs this after: one build beats 100k inserts). */
export const HNSW_INDEX_NAME = `image_descriptors_hnsw_v${DESCRIPTOR_VERSION}`;
export const HNSW_INDEX_DDL = `create index if not exists ${HNSW_INDEX_NAME} on image_descriptors
  using hnsw ((embedding::vector(${DESCRIPTOR_DIMENSIONS})) vector_l2_ops) where version = ${DESCRIPTOR_VERSION}`;

/** A descriptor as pgvector's text input. */
export const vectorLiteral = (v: ArrayLike<number>): string => `[${Array.from(v, (x) => x.toPrecision(7)).join(',')}]`;
