import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { colorCards, materialImages, materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from './published-material';
import type { StoredMaterial } from './stored-material';

export type OwnMaterial = {
  id: number;
  version: number;
  snapshot: StoredMaterial;
  /** Where it is on sale now (1 domestic, 2 overseas): state, not content. */
  marketTypes: number[];
  cards: Map<number, { hex: string; isBan: 0 | 1; renderingStatus: number }>;
  /** Every image the current version shows, in any slot. */
  imageIds: Set<number>;
};

/**
 * The company's own, not deleted material at its latest version. Anything else (unknown, deleted, another company's)
 * is the same 100404, so a caller learns nothing about materials that are not theirs (docs/product/material-editor.md#who-may-edit).
 */
export async function findOwnMaterial(companyId: number, materialId: number): Promise<OwnMaterial> {
  const db = getDb();
  const [row] = await db
    .select({ version: materials.version, domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas, data: materialVersions.data })
    .from(materials)
    .innerJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
    .where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const [cards, pictures] = await Promise.all([
    db.select({ id: colorCards.id, hex: colorCards.hex, isBan: colorCards.isBan, renderingStatus: colorCards.renderingStatus }).from(colorCards).where(eq(colorCards.materialId, materialId)),
    db.select({ imageId: materialImages.imageId }).from(materialImages).where(eq(materialImages.materialId, materialId)),
  ]);
  return {
    id: materialId,
    version: row.version,
    snapshot: row.data as StoredMaterial,
    marketTypes: [...(row.domestic ? [1] : []), ...(row.overseas ? [2] : [])],
    cards: new Map(cards.map((c) => [c.id, { hex: c.hex, isBan: (c.isBan === 1 ? 1 : 0) as 0 | 1, renderingStatus: c.renderingStatus }])),
    imageIds: new Set(pictures.map((p) => p.imageId)),
  };
}
