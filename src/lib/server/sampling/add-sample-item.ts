import { and, count, eq, sql } from 'drizzle-orm';
import { SAMPLE_BAG_MAX_ITEMS, SAMPLE_QUANTITY_MAX, type SampleAddInput, type SampleAddResult } from '../../contracts/sampling-bag';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { colorCards, materials, sampleBagAdds, sampleBagItems, users } from '../db/schema';
import { AppError } from '../errors';
import { visibleMaterial } from '../materials/published-material';
import { forgetSampleCounts } from './sample-count-cache';

/**
 * Puts samples of one color card of a material into the user's bag (docs/product/sampling.md#calls buyer/sample/bag/add). The material must be
 * published and not deleted, and not one of the caller's current company; the color card must be the material's.
 * Adding the same color again adds to its quantity, cut at SAMPLE_QUANTITY_MAX (`capped`); an item already at the
 * maximum is refused. A bag holds at most SAMPLE_BAG_MAX_ITEMS items. A new line is also written to the bag's
 * timeline, where the sample funnel starts.
 */
export async function addSampleItem(userId: number, currentCompanyId: number | null, input: SampleAddInput): Promise<Omit<SampleAddResult, 'notice'>> {
  const done = await getDb().transaction(async (tx) => {
    // One add at a time per user, so the item limit and the quantity cap hold under concurrent adds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [material] = await tx
      .select({ id: materials.id, companyId: materials.companyId })
      .from(materials)
      .where(and(eq(materials.id, input.materialId), visibleMaterial));
    if (!material) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
    if (currentCompanyId !== null && material.companyId === currentCompanyId) throw new AppError(ERROR.fieldInvalid, { message: 'validation.sampleOwnMaterial' });
    const [card] = await tx
      .select({ id: colorCards.id })
      .from(colorCards)
      .where(and(eq(colorCards.id, input.colorCardId), eq(colorCards.materialId, material.id)));
    if (!card) throw new AppError(ERROR.fieldInvalid, { fields: [{ field: 'colorCardId', message: 'validation.sampleColorCard' }] });

    const key = and(eq(sampleBagItems.userId, userId), eq(sampleBagItems.materialId, material.id), eq(sampleBagItems.colorCardId, card.id));
    const [existing] = await tx.select({ id: sampleBagItems.id, quantity: sampleBagItems.quantity }).from(sampleBagItems).where(key);
    let id: number;
    let quantity: number;
    let capped = false;
    if (existing) {
      if (existing.quantity >= SAMPLE_QUANTITY_MAX) throw new AppError(ERROR.fieldTooLong, { fields: [{ field: 'quantity', message: 'validation.sampleQuantityFull' }] });
      capped = existing.quantity + input.quantity > SAMPLE_QUANTITY_MAX;
      quantity = Math.min(existing.quantity + input.quantity, SAMPLE_QUANTITY_MAX);
      await tx.update(sampleBagItems).set({ quantity, updatedAt: sql`now()` }).where(eq(sampleBagItems.id, existing.id));
      id = existing.id;
    } else {
      const [items] = await tx.select({ n: count() }).from(sampleBagItems).where(eq(sampleBagItems.userId, userId));
      if ((items?.n ?? 0) >= SAMPLE_BAG_MAX_ITEMS) throw new AppError(ERROR.fieldTooLong, { message: 'validation.sampleBagFull' });
      const [row] = await tx.insert(sampleBagItems).values({ userId, materialId: material.id, colorCardId: card.id, quantity: input.quantity }).returning({ id: sampleBagItems.id });
      if (!row) throw new Error('insert returned nothing');
      // A new line starts the sample funnel (docs/product/insights.md#the-sample-funnel); more of a color already bagged does not.
      await tx.insert(sampleBagAdds).values({ userId, materialId: material.id, colorCardId: card.id, supplierCompanyId: material.companyId });
      id = row.id;
      quantity = input.quantity;
    }
    const [total] = await tx.select({ n: count() }).from(sampleBagItems).where(eq(sampleBagItems.userId, userId));
    return { id, quantity, capped, count: total?.n ?? 0 };
  });
  forgetSampleCounts();
  return done;
}
