import type pg from 'pg';
import { logger } from '../logger';
import { earlierRecipes, recipeLabel, type DescriptorRecipe } from './descriptor-recipe';
import { hnswIndexName } from './ensure-image-index';

/**
 * Deletes the descriptors (and HNSW indexes) of the recipes before `current`, once `current` covers every material
 * picture: they answered searches during the re-index and nothing reads them after. Returns how many rows went.
 */
export async function retireEarlierDescriptors(pool: pg.Pool, current: DescriptorRecipe): Promise<number> {
  let deleted = 0;
  for (const earlier of earlierRecipes(current)) {
    const { rowCount } = await pool.query('delete from image_descriptors where version = $1 and model = $2', [earlier.version, earlier.model]);
    await pool.query(`drop index if exists ${hnswIndexName(earlier)}`);
    if (rowCount) logger.info({ recipe: recipeLabel(earlier), rows: rowCount }, 'earlier image descriptors retired');
    deleted += rowCount ?? 0;
  }
  return deleted;
}
