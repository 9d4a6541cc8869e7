import { asc, eq } from 'drizzle-orm';
import { RENDER_STATUS } from '../../constants';
import type { MaterialRender } from '../../contracts/material-renders';
import { getDb } from '../db/client';
import { colorCards } from '../db/schema';
import { imageSources } from '../images/image-url';
import { findOwnMaterial } from '../materials/find-own-material';

/**
 * One of the company's materials, card by card (docs/product/material-files.md#rendering): each card's render state,
 * why it failed, and its pictures once rendered. Another company's material is 100404.
 */
export async function getMaterialRender(companyId: number, materialId: number): Promise<MaterialRender> {
  const own = await findOwnMaterial(companyId, materialId);
  const cards = await getDb()
    .select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex, status: colorCards.renderingStatus, reason: colorCards.renderReason, outputs: colorCards.renderOutputs })
    .from(colorCards)
    .where(eq(colorCards.materialId, materialId))
    .orderBy(asc(colorCards.sort));
  return {
    materialId,
    hasFile: own.snapshot.file !== undefined,
    fullyRendered: cards.every((c) => c.status === RENDER_STATUS.success),
    cards: cards.map((c) => ({
      colorCardId: c.id,
      name: c.name,
      hex: c.hex,
      renderingStatus: c.status,
      reason: c.reason ?? '',
      pictures:
        c.status === RENDER_STATUS.success && c.outputs
          ? { preview: imageSources(c.outputs.preview, 'medium'), previewWithRuler: imageSources(c.outputs.previewWithRuler, 'medium'), crease: imageSources(c.outputs.crease, 'medium'), swatch: imageSources(c.outputs.swatch, 'small') }
          : null,
    })),
  };
}
