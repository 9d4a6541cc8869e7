import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import type { RenderingByIdsResult } from '../../contracts/material-renders';
import { getDb } from '../db/client';
import { colorCards, materials } from '../db/schema';
import { existingMaterial, visibleMaterial } from '../materials/published-material';

/**
 * Render states of materials by id, in the order asked (docs/product/material-files.md#rendering): the published ones,
 * and the caller's company's own; the others are left out, as the tiles by id do.
 */
export async function listRendersByIds(ids: number[], viewerCompanyId: number | null): Promise<RenderingByIdsResult> {
  const db = getDb();
  const seeable = viewerCompanyId ? or(visibleMaterial, and(existingMaterial, eq(materials.companyId, viewerCompanyId))) : visibleMaterial;
  const found = await db.select({ id: materials.id, hasFile: materials.hasFile }).from(materials).where(and(inArray(materials.id, ids), seeable));
  const cards = found.length
    ? await db
        .select({ id: colorCards.id, materialId: colorCards.materialId, renderingStatus: colorCards.renderingStatus })
        .from(colorCards)
        .where(inArray(colorCards.materialId, found.map((m) => m.id)))
        .orderBy(asc(colorCards.sort))
    : [];
  const byId = new Map(found.map((m) => [m.id, m]));
  const records = [...new Set(ids)].flatMap((id) => {
    const m = byId.get(id);
    if (!m) return [];
    const own = cards.filter((c) => c.materialId === id).map(({ id: cardId, renderingStatus }) => ({ id: cardId, renderingStatus }));
    return [{ materialId: id, hasFile: m.hasFile === 1, fullyRendered: own.every((c) => c.renderingStatus === RENDER_STATUS.success), cards: own }];
  });
  return { records };
}
