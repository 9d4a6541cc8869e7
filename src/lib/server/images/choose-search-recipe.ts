import type pg from 'pg';
import { getPool } from '../db/client';
import { currentRecipe, earlierRecipes, type DescriptorRecipe } from './descriptor-recipe';
import { imageIndexMode } from './ensure-image-index';
import { retireEarlierDescriptors } from './retire-earlier-descriptors';
import { logger } from '../logger';

/** While a recipe is incomplete its coverage is looked at again after this long. */
const RECHECK_MS = 10_000;

type Choice = { recipe: DescriptorRecipe; complete: boolean; checkedAt: number };
const choices = new WeakMap<pg.Pool, Promise<Choice>>();

/**
 * The recipe photo search answers with: the current one once every material picture has its descriptor, until
 * then the newest earlier recipe that still covers them all (so an upgrade or a new embedding model never leaves
 * search with half a catalogue), and the current one when none does (a new site, where nothing older exists).
 * Once the current recipe is complete it stays chosen (a picture saved later is described within seconds), and the
 * earlier recipes' rows are deleted.
 */
export async function chooseSearchRecipe(pool: pg.Pool = getPool(), options: { recheckMs?: number } = {}): Promise<DescriptorRecipe> {
  const cached = await choices.get(pool);
  if (cached && (cached.complete || Date.now() - cached.checkedAt < (options.recheckMs ?? RECHECK_MS))) return cached.recipe;
  const next = decide(pool);
  choices.set(pool, next);
  next.catch(() => choices.delete(pool));
  return (await next).recipe;
}

async function decide(pool: pg.Pool): Promise<Choice> {
  const recipe = await currentRecipe();
  const checkedAt = Date.now();
  if ((await coverage(pool, recipe)).complete) {
    // Once per process; a clean-up that fails is tried again by the next process, and the search goes on.
    await retireEarlierDescriptors(pool, recipe).catch((err: unknown) => logger.warn({ err }, 'earlier image descriptors not retired'));
    return { recipe, complete: true, checkedAt };
  }
  for (const earlier of earlierRecipes(recipe)) {
    // An earlier recipe with no rows at all covers nothing, even on an empty catalogue.
    const { complete, stored } = await coverage(pool, earlier);
    if (complete && stored) return { recipe: earlier, complete: false, checkedAt };
  }
  return { recipe, complete: false, checkedAt };
}

/** Whether every material picture has this recipe's descriptor (and, with pgvector, its embedding), and whether it has any. */
async function coverage(pool: pg.Pool, recipe: Pick<DescriptorRecipe, 'version' | 'model'>): Promise<{ complete: boolean; stored: boolean }> {
  const withEmbedding = (await imageIndexMode(pool)) === 'hnsw';
  const { rows } = await pool.query<{ missing: boolean; stored: boolean }>(
    `select exists (
              select 1 from material_images mi
               where not exists (select 1 from image_descriptors d
                                  where d.image_id = mi.image_id and d.version = $1 and d.model = $2
                                    ${withEmbedding ? 'and d.embedding is not null' : ''})
            ) as missing,
            exists (select 1 from image_descriptors where version = $1 and model = $2) as stored`,
    [recipe.version, recipe.model],
  );
  return { complete: !rows[0]!.missing, stored: rows[0]!.stored };
}
