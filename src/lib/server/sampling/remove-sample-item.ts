import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { sampleBagItems } from '../db/schema';
import { AppError } from '../errors';
import { countSampleItems } from './count-sample-items';
import { forgetSampleCounts } from './sample-count-cache';

/** Takes one item out of the user's bag (docs/product/sampling.md#calls buyer/sampleItem/del); another user's item is "not found". */
export async function removeSampleItem(userId: number, id: number): Promise<{ id: number; count: number }> {
  const [row] = await getDb()
    .delete(sampleBagItems)
    .where(and(eq(sampleBagItems.id, id), eq(sampleBagItems.userId, userId)))
    .returning({ id: sampleBagItems.id });
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.sampleItemNotFound' });
  forgetSampleCounts();
  return { id: row.id, ...(await countSampleItems(userId)) };
}
