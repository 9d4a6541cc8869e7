import { and, eq, sql } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import type { RenderStat } from '../../contracts/material-renders';
import { getDb } from '../db/client';
import { colorCards, materials } from '../db/schema';
import { existingMaterial } from '../materials/published-material';

/** The company's color cards by render state, over its materials that have a file (docs/product/material-files.md#rendering). */
export async function getRenderStat(companyId: number): Promise<RenderStat> {
  const count = (status: number) => sql<number>`count(*) filter (where ${colorCards.renderingStatus} = ${status})::int`;
  const [row] = await getDb()
    .select({ queued: count(RENDER_STATUS.queued), rendering: count(RENDER_STATUS.rendering), success: count(RENDER_STATUS.success), failed: count(RENDER_STATUS.failed), cancelled: count(RENDER_STATUS.cancelled) })
    .from(colorCards)
    .innerJoin(materials, eq(materials.id, colorCards.materialId))
    .where(and(eq(materials.companyId, companyId), existingMaterial, eq(materials.hasFile, 1)));
  return row ?? { queued: 0, rendering: 0, success: 0, failed: 0, cancelled: 0 };
}
