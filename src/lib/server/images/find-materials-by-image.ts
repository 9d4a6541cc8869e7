import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MaterialCard } from '../../contracts/materials';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { images, materials } from '../db/schema';
import { AppError } from '../errors';
import { materialCardsByIds } from '../materials/find-materials';
import type { DescriptorRegion, QueryDescriptor } from './descriptor';
import { chooseSearchRecipe } from './choose-search-recipe';
import { recipeLabel, type DescriptorRecipe } from './descriptor-recipe';
import { imageIndexMode, type ImageIndexMode } from './ensure-image-index';
import { layoutTemplatesOf, type LayoutTemplate } from './descriptor/layout';
import { loadPixels } from './descriptor/pixels';
import { findSimilarImages } from './find-similar-images';
import { preferNearDuplicates } from './prefer-near-duplicates';
import { imageSources } from './image-url';
import { requireObject } from '../storage';
import { publishedOn } from '../materials/published-material';
import { MARKET_TYPE, type MarketType } from '../../constants';
import { busyError, concurrencyGate } from '../security/concurrency-gate';

/**
 * How many of the nearest images are mapped to materials. Several images can belong to one material (and, in a
 * bulk catalogue, one image to several materials), so this is more than a page of results.
 */
export const NEAREST_IMAGES = 200;
export const MATERIALS_PER_IMAGE = 20;
/**
 * Photo searches one process runs at once: describing a 1 MP photo costs about a second of CPU, so more at once only
 * slows every one of them (and the pages served beside them). Beyond it the search is refused with Retry-After.
 */
export const PHOTO_SEARCHES_AT_ONCE = 2;
export const photoSearchGate = concurrencyGate(PHOTO_SEARCHES_AT_ONCE);

export type SearchOptions = { lang: Lang; now?: Date; marketType?: MarketType };
export type ImageSearch = { sha256: string; region?: DescriptorRegion; categoryId?: number; page: number; size: number };
/** `similarity` is the cosine similarity of the picture's descriptor and the photo's nearest one, 0..1 (1 = the same picture). */
export type ImageMatch = { imageId: number; similarity: number };
export type ImageSearchResult = {
  image: { id: number; width: number; height: number };
  records: (MaterialCard & { match: ImageMatch })[];
  total: number;
  mode: ImageIndexMode;
};

/**
 * Published materials whose pictures look most like a stored image (or a region of it), nearest first (docs/product/search.md#how-results-are-ranked).
 * A material counts with its closest picture, which becomes its tile's picture so the reader sees why it matched.
 * The query image is found by its SHA-256 (`storeImage` keeps every upload under it), which a client can only know
 * for an image it has: an upload cannot be searched with, or shown to, anyone who does not have it.
 */
export async function findMaterialsByImage(search: ImageSearch, options: SearchOptions): Promise<ImageSearchResult> {
  return withPhotoSearchPlace(() => searchWithPhoto(search, options));
}

/** Runs `work` in one of the process's PHOTO_SEARCHES_AT_ONCE places, or refuses at once when none is free. */
export async function withPhotoSearchPlace<R>(work: () => Promise<R>): Promise<R> {
  const release = photoSearchGate.tryEnter();
  if (!release) throw busyError('validation.photoSearchBusy');
  try {
    return await work();
  } finally {
    release();
  }
}

/** The search itself, for a caller already holding a place (`withPhotoSearchPlace`). */
export async function searchWithPhoto(search: ImageSearch, options: SearchOptions): Promise<ImageSearchResult> {
  const [image] = await getDb()
    .select({ id: images.id, storageKey: images.storageKey, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.sha256, search.sha256));
  if (!image) throw new AppError(ERROR.empty, { message: 'imageSearch.notFound' });

  let rootCategoryId: number | undefined;
  let categoryId: number | undefined;
  if (search.categoryId !== undefined) {
    const category = (await catalogueSnapshot()).categories.get(search.categoryId);
    if (!category) throw new AppError(ERROR.empty, { message: 'validation.categoryNotFound' });
    if (category.level === 1) rootCategoryId = category.id;
    else categoryId = category.id;
  }

  const recipe = await chooseSearchRecipe();
  const photo = await describePhoto(recipe, image, search.region);
  const similar = await preferNearDuplicates(await findSimilarImages(photo.queries, NEAREST_IMAGES, recipe), await photo.templates);
  const mode = await imageIndexMode();
  if (similar.length === 0) return { image: pick(image), records: [], total: 0, mode };

  // One row per material with its nearest picture. A picture shared by many materials (the same file uploaded to
  // each) counts for at most MATERIALS_PER_IMAGE of them, so one popular file cannot make a search sort thousands.
  const { rows } = await getDb().execute<{ material_id: string; image_id: string; distance: number }>(sql`
    select distinct on (x.id) x.id as material_id, n.image_id, n.distance
      from unnest(${`{${similar.map((s) => s.imageId).join(',')}}`}::bigint[], ${`{${similar.map((s) => s.distance).join(',')}}`}::float8[]) as n(image_id, distance)
      cross join lateral (
        select ${materials.id} as id from material_images mi join ${materials} on ${materials.id} = mi.material_id
         where mi.image_id = n.image_id and ${publishedOn(options.marketType ?? MARKET_TYPE.domestic)}
           ${rootCategoryId !== undefined ? sql`and ${materials.rootCategoryId} = ${rootCategoryId}` : sql``}
           ${categoryId !== undefined ? sql`and ${materials.categoryId} = ${categoryId}` : sql``}
         limit ${MATERIALS_PER_IMAGE}) x
     order by x.id, n.distance`);
  const ranked = rows
    .map((r) => ({ materialId: Number(r.material_id), imageId: Number(r.image_id), distance: Number(r.distance) }))
    .sort((a, b) => a.distance - b.distance || b.materialId - a.materialId);
  const page = ranked.slice((search.page - 1) * search.size, search.page * search.size);

  const [tiles, pictures] = await Promise.all([
    materialCardsByIds(
      page.map((p) => p.materialId),
      options,
    ),
    page.length
      ? getDb()
          .select({ id: images.id, width: images.width, height: images.height })
          .from(images)
          .where(
            inArray(
              images.id,
              page.map((p) => p.imageId),
            ),
          )
      : [],
  ]);
  const pictureOf = new Map(pictures.map((p) => [p.id, p]));
  const matchOf = new Map(page.map((p) => [p.materialId, p]));
  const records = tiles.map((tile) => {
    const match = matchOf.get(tile.id)!;
    const picture = pictureOf.get(match.imageId);
    return {
      ...tile,
      cover: picture ? imageSources(picture, 'medium') : tile.cover,
      match: { imageId: match.imageId, similarity: Math.round(Math.max(0, 1 - (match.distance * match.distance) / 2) * 1000) / 1000 },
    };
  });
  return { image: pick(image), records, total: ranked.length, mode };
}

const pick = (image: { id: number; width: number; height: number }) => ({ id: image.id, width: image.width, height: image.height });

/**
 * A photo's query descriptors and layout templates are computed from the stored original and kept for a while:
 * paging or refining the same search must not decode the upload again. They are not stored with the material
 * descriptors, so uploads never crowd the candidates that image search ranks.
 */
type DescribedPhoto = { queries: Promise<QueryDescriptor>[]; templates: Promise<LayoutTemplate[]> };
const recent = new Map<string, Promise<DescribedPhoto>>();
const RECENT_MAX = 64;

function describePhoto(recipe: DescriptorRecipe, image: { id: number; storageKey: string }, region?: DescriptorRegion): Promise<DescribedPhoto> {
  const key = `${recipeLabel(recipe)}:${image.id}:${region ? [region.left, region.top, region.width, region.height].join(',') : ''}`;
  let pending = recent.get(key);
  if (pending) {
    recent.delete(key);
    recent.set(key, pending);
    return pending;
  }
  pending = requireObject(image.storageKey).then(async (bytes) => {
    const pixels = await loadPixels(bytes, region);
    const queries = recipe.describeQuery(pixels);
    // The templates are needed only once the nearest pictures are found: computed after the last query vector, while
    // the database looks for its nearest.
    const templates = Promise.all(queries).then(async () => {
      await nextTurn();
      return layoutTemplatesOf(pixels);
    });
    templates.catch(() => recent.delete(key));
    return { queries, templates };
  });
  pending.catch(() => recent.delete(key));
  recent.set(key, pending);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return pending;
}
