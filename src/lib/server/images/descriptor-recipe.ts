import path from 'node:path';
import { env } from '../env';
import { logger } from '../logger';
import { descriptorOf, DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION, queryDescriptorsOf, type Pixels, type QueryDescriptor } from './descriptor';
import { descriptorV2Of, DESCRIPTOR_V2_DIMENSIONS } from './descriptor/v2';
import { loadImageEmbedding, type ImageEmbedding } from './embedding/load-image-embedding';

/**
 * How pictures are turned into the vectors photo search compares (docs/product/search.md#descriptors): a hand-made
 * descriptor version, alone or blended with an operator's embedding model. Rows in `image_descriptors` are keyed by
 * a recipe's `version` and `model`, so a new recipe is computed beside the old one, which keeps answering searches
 * until every picture has the new one.
 */
export type DescriptorRecipe = {
  version: number;
  /** '' for the hand-made descriptor alone, else the start of the embedding model file's SHA-256. */
  model: string;
  /** The model file's name, for `/api/health`; null without a model. */
  modelName: string | null;
  dims: number;
  /** A catalogue picture's vector (unit length), from its working pixels (`loadPixels`). */
  describe(pixels: Pixels): Promise<Float32Array>;
  /**
   * The vectors a photo (already cut to its region) is searched with, each with the squared-distance penalty its
   * matches carry; each settles when it is computed, so searching with the first overlaps computing the rest.
   */
  describeQuery(pixels: Pixels): Promise<QueryDescriptor>[];
};

export const recipeLabel = (r: Pick<DescriptorRecipe, 'version' | 'model'>): string => `v${r.version}${r.model ? `_${r.model}` : ''}`;

const MODEL_TAG_LENGTH = 16;

const handMade: DescriptorRecipe = {
  version: DESCRIPTOR_VERSION,
  model: '',
  modelName: null,
  dims: DESCRIPTOR_DIMENSIONS,
  describe: async (pixels) => descriptorOf(pixels),
  describeQuery: (pixels) => queryDescriptorsOf(pixels),
};

/** The version before: it answers searches while the catalogue is described again after an upgrade. */
const previousVersion: DescriptorRecipe = {
  version: 2,
  model: '',
  modelName: null,
  dims: DESCRIPTOR_V2_DIMENSIONS,
  describe: async (pixels) => descriptorV2Of(pixels),
  describeQuery: (pixels) => [Promise.resolve({ vector: descriptorV2Of(pixels), penalty: 0 })],
};

/** The hand-made vector and the model's, each scaled by its share, as one unit vector. */
function blend(handMadeVector: Float32Array, embedding: Float32Array, weight: number): Float32Array {
  const out = new Float32Array(handMadeVector.length + embedding.length);
  const norm = Math.sqrt(1 + weight * weight);
  for (let i = 0; i < handMadeVector.length; i++) out[i] = handMadeVector[i]! / norm;
  for (let i = 0; i < embedding.length; i++) out[handMadeVector.length + i] = (embedding[i]! * weight) / norm;
  return out;
}

function blended(model: ImageEmbedding, weight: number): DescriptorRecipe {
  return {
    version: DESCRIPTOR_VERSION,
    model: model.modelSha256.slice(0, MODEL_TAG_LENGTH),
    modelName: model.model,
    dims: DESCRIPTOR_DIMENSIONS + model.dims,
    describe: async (pixels) => blend(descriptorOf(pixels), await model.embed(pixels), weight),
    describeQuery: (pixels) => {
      const embedding = model.embed(pixels);
      return queryDescriptorsOf(pixels).map(async (variant) => {
        const v = await variant;
        return { vector: blend(v.vector, await embedding, weight), penalty: v.penalty / (1 + weight * weight) };
      });
    },
  };
}

let current: Promise<DescriptorRecipe> | undefined;

/**
 * The recipe new descriptors are computed with. With `IMAGE_EMBEDDING_MODEL` set the model is loaded once; a model
 * that cannot be loaded stops the start with the reason, rather than quietly searching without it.
 */
export function currentRecipe(): Promise<DescriptorRecipe> {
  current ??= (async () => {
    const file = env().IMAGE_EMBEDDING_MODEL;
    if (!file) return handMade;
    const model = await loadImageEmbedding(path.resolve(file));
    logger.info({ model: model.model, dims: model.dims }, 'image embedding model loaded');
    return blended(model, env().IMAGE_EMBEDDING_WEIGHT);
  })();
  current.catch(() => (current = undefined));
  return current;
}

/** Recipes whose stored rows may still answer searches, newest first: the hand-made one behind a model, then v2. */
export function earlierRecipes(recipe: DescriptorRecipe): DescriptorRecipe[] {
  return recipe.model ? [handMade, previousVersion] : [previousVersion];
}
