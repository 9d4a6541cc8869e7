import type pg from 'pg';
import { getPool } from '../db/client';
import { matchLayout, NEAR_DUPLICATE_CORRELATION, type LayoutTemplate } from './descriptor/layout';
import type { SimilarImage } from './find-similar-images';

/** How many of the nearest pictures are checked for being the photo's own source. */
export const NEAR_DUPLICATE_CANDIDATES = 10;

/**
 * Moves pictures the photo is a crop or a copy of (their layout holds it: descriptor/layout.ts) ahead of the
 * rest. Only the nearest few are checked: a crop of a picture already ranks it among them, just not always above
 * other photos of the same material. A picture without a stored layout yet (described before layouts were) keeps
 * its place.
 */
export async function preferNearDuplicates(similar: SimilarImage[], templates: LayoutTemplate[], pool: pg.Pool = getPool()): Promise<SimilarImage[]> {
  const candidates = similar.slice(0, NEAR_DUPLICATE_CANDIDATES);
  if (templates.length === 0 || candidates.length === 0) return similar;
  const { rows } = await pool.query<{ image_id: string; layout: Buffer }>(
    `select distinct on (image_id) image_id, layout from image_descriptors where image_id = any($1::bigint[]) and layout is not null`,
    [candidates.map((c) => c.imageId)],
  );
  return reorderNearDuplicates(similar, templates, new Map(rows.map((r) => [Number(r.image_id), r.layout])));
}

/**
 * The ordering itself, given the candidates' layouts (the precision benchmark calls it too). Copies keep their
 * order among themselves and move to distance ~0, so the answer shows them as (nearly) the same picture.
 */
export function reorderNearDuplicates(
  similar: SimilarImage[],
  templates: LayoutTemplate[],
  layoutOf: ReadonlyMap<number, Buffer>,
  threshold = NEAR_DUPLICATE_CORRELATION,
): SimilarImage[] {
  const copies = similar.slice(0, NEAR_DUPLICATE_CANDIDATES).filter((c) => {
    const layout = layoutOf.get(c.imageId);
    return layout !== undefined && matchLayout(templates, layout) >= threshold;
  });
  if (copies.length === 0) return similar;
  const moved = new Set(copies.map((c) => c.imageId));
  return [...copies.map((c, k) => ({ imageId: c.imageId, distance: (k + 1) * 1e-4 })), ...similar.filter((s) => !moved.has(s.imageId))];
}
