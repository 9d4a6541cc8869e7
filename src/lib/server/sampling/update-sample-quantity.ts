import { and, eq, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { sampleBagItems } from '../db/schema';
import { AppError } from '../errors';

/** Sets the quantity of one of the user's bag items (docs/product/sampling.md#calls buyer/sampleItem/update/quantity; 1–99, checked by the contract). */
export async function updateSampleQuantity(userId: number, id: number, quantity: number): Promise<{ id: number; quantity: number }> {
  const [row] = await getDb()
    .update(sampleBagItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(sampleBagItems.id, id), eq(sampleBagItems.userId, userId)))
    .returning({ id: sampleBagItems.id, quantity: sampleBagItems.quantity });
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.sampleItemNotFound' });
  return row;
}
