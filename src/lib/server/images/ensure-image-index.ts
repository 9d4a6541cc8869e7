import type pg from 'pg';
import { getPool } from '../db/client';
import { logger } from '../logger';
import { rememberPromise } from '../remember-promise';
import { currentRecipe, recipeLabel, type DescriptorRecipe } from './descriptor-recipe';

/** How similar images are found: pgvector's HNSW index, or an exact scan of the descriptors in memory. */
export type ImageIndexMode = 'hnsw' | 'exact';

const modes = new WeakMap<pg.Pool, Promise<ImageIndexMode>>();

/**
 * Once per database: where pgvector is installed (migration 0000 installs it when the server offers it), add the
 * `embedding` column and an HNSW index for the current descriptor version; elsewhere image search scans exactly
 * and `/api/health` says so (docs/architecture.md#entry-points). The column has no fixed dimension and the index casts to this version's,
 * so a new descriptor recipe gets its own index beside the old one (pgvector's partial expression index).
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
  await pool.query(hnswIndexDdl(await currentRecipe()));
  // Descriptors stored before pgvector was installed have no embedding yet: `indexMaterialImages` computes them.
  return 'hnsw';
}

type IndexedRecipe = Pick<DescriptorRecipe, 'version' | 'model' | 'dims'>;

/** A recipe's HNSW index (a bulk load drops it and creates it after: one build beats 100k inserts). */
export const hnswIndexName = (recipe: IndexedRecipe): string => `image_descriptors_hnsw_${recipeLabel(recipe)}`;
export const hnswIndexDdl = (recipe: IndexedRecipe): string => `create index if not exists ${hnswIndexName(recipe)} on image_descriptors
  using hnsw ((embedding::vector(${recipe.dims})) vector_l2_ops) where version = ${recipe.version} and model = '${recipe.model}'`;

/** A descriptor as pgvector's text input. */
export const vectorLiteral = (v: ArrayLike<number>): string => `[${Array.from(v, (x) => x.toPrecision(7)).join(',')}]`;
