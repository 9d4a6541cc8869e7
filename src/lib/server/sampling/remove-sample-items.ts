import { and, count, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { sampleBagItems } from '../db/schema';
import { AppError } from '../errors';
import { forgetSampleCounts } from './sample-count-cache';

/**
 * Takes several items out of the user's bag (docs/product/sampling.md#calls buyer/sample/bag/del). All or nothing: when any id is not one of
 * the user's items, nothing is deleted and the answer is "not found".
 */
export async function removeSampleItems(userId: number, ids: number[]): Promise<{ removed: number; count: number }> {
  const wanted = [...new Set(ids)];
  const done = await getDb().transaction(async (tx) => {
    const mine = and(eq(sampleBagItems.userId, userId), inArray(sampleBagItems.id, wanted));
    const [own] = await tx.select({ n: count() }).from(sampleBagItems).where(mine);
    if ((own?.n ?? 0) !== wanted.length) throw new AppError(ERROR.empty, { message: 'validation.sampleItemNotFound' });
    const removed = await tx.delete(sampleBagItems).where(mine).returning({ id: sampleBagItems.id });
    const [left] = await tx.select({ n: count() }).from(sampleBagItems).where(eq(sampleBagItems.userId, userId));
    return { removed: removed.length, count: left?.n ?? 0 };
  });
  forgetSampleCounts();
  return done;
}
