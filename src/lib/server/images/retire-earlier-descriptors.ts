import type pg from 'pg';
import { logger } from '../logger';
import { recipeLabel, type DescriptorRecipe } from './descriptor-recipe';
import { hnswIndexName } from './ensure-image-index';

/**
 * Deletes every descriptor (and HNSW index) of a recipe other than `current`, once `current` covers every material
 * picture: earlier versions, and a model's rows after the model was unset, answered searches during a re-index and
 * nothing reads them after. Returns how many rows went.
 */
export async function retireEarlierDescriptors(pool: pg.Pool, current: DescriptorRecipe): Promise<number> {
  const { rowCount } = await pool.query('delete from image_descriptors where not (version = $1 and model = $2)', [current.version, current.model]);
  const { rows } = await pool.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename = 'image_descriptors' and indexname like 'image\\_descriptors\\_hnsw\\_%' and indexname <> $1`,
    [hnswIndexName(current)],
  );
  for (const { name } of rows) await pool.query(`drop index if exists "${name}"`);
  if (rowCount) logger.info({ kept: recipeLabel(current), rows: rowCount, indexes: rows.length }, 'earlier image descriptors retired');
  return rowCount ?? 0;
}
