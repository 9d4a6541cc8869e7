import { and, eq, inArray } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import { getDb } from '../db/client';
import { colorCards, materials, materialVersions, type RenderOutputs } from '../db/schema';
import { storeImage } from '../images/store-image';
import type { Attempt } from '../jobs/queues';
import { logger } from '../logger';
import { forgetListings } from '../materials/listing-cache';
import type { StoredMaterial, StoredMaterialFile } from '../materials/stored-material';
import { readObject } from '../storage';
import type { MapKind } from './material-file';
import { renderPreviews } from './render-previews';
import { notifyRenderFailed } from '../notifications/notify-render-failed';

/** A render that cannot succeed however often it is tried: recorded at once, not retried. */
class RenderRefused extends Error {}

/**
 * The render job of one color card (docs/product/material-files.md#rendering): queued (5) → rendering (1) →
 * success (2) with its pictures, or failed (3) with the reason. It works only for the render generation it was
 * queued with: a card re-queued, cancelled or deleted meanwhile makes it do nothing, and its result is written only
 * if the generation is still current. A failure a retry might cure is thrown for the queue to retry with backoff,
 * and recorded as failed on the last try.
 */
export async function renderColorCard(colorCardId: number, generation: number, attempt: Attempt): Promise<void> {
  const db = getDb();
  const current = and(eq(colorCards.id, colorCardId), eq(colorCards.renderGeneration, generation));
  const [card] = await db
    .update(colorCards)
    .set({ renderingStatus: RENDER_STATUS.rendering })
    .where(and(current, inArray(colorCards.renderingStatus, [RENDER_STATUS.queued, RENDER_STATUS.rendering])))
    .returning({ materialId: colorCards.materialId, hex: colorCards.hex });
  if (!card) return;
  forgetListings();
  try {
    const [row] = await db
      .select({ companyId: materials.companyId, data: materialVersions.data })
      .from(materials)
      .innerJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
      .where(eq(materials.id, card.materialId));
    const file = (row?.data as StoredMaterial | undefined)?.file;
    if (!row || !file) throw new RenderRefused('the material has no file to render from');
    const previews = await renderPreviews({
      hex: card.hex,
      basecolor: await readMap(file, 'basecolor'),
      normal: await readMap(file, 'normal'),
      roughness: file.material.front.roughness,
      tileCm: { width: file.settings.widthCm, height: file.settings.heightCm },
    });
    const store = async (bytes: Buffer) => {
      const { id, width, height } = await storeImage(bytes, { companyId: row.companyId });
      return { id, width, height };
    };
    const outputs: RenderOutputs = { swatch: await store(previews.swatch), preview: await store(previews.preview), crease: await store(previews.crease), previewWithRuler: await store(previews.previewWithRuler) };
    await db.update(colorCards).set({ renderingStatus: RENDER_STATUS.success, renderOutputs: outputs, renderReason: null }).where(current);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (!(err instanceof RenderRefused) && !attempt.last) {
      // Back in the queue for the retry; the reason shows why it is taking longer.
      await db.update(colorCards).set({ renderingStatus: RENDER_STATUS.queued, renderReason: reason.slice(0, 500) }).where(current);
      throw err;
    }
    logger.warn({ err, colorCardId }, 'color card render failed');
    await db.transaction(async (tx) => {
      const [failed] = await tx.update(colorCards).set({ renderingStatus: RENDER_STATUS.failed, renderReason: reason.slice(0, 500) }).where(current).returning({ name: colorCards.name });
      if (failed) await notifyRenderFailed(tx, card.materialId, failed.name);
    });
  } finally {
    forgetListings();
  }
}

/** A front map the settings use, from storage; a map that has gone from storage cannot be rendered from. */
async function readMap(file: StoredMaterialFile, kind: MapKind): Promise<Buffer | null> {
  const key = file.settings.maps.includes(kind) ? file.mapKeys.front[kind] : undefined;
  if (!key) return null;
  const bytes = await readObject(key);
  if (!bytes) throw new RenderRefused(`the ${kind} map is missing from storage`);
  return bytes;
}
