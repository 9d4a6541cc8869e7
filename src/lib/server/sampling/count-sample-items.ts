import { count, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sampleBagItems } from '../db/schema';
import { cachedSampleCount } from './sample-count-cache';

/** How many items (material × color card) are in the user's bag (docs/product/sampling.md#calls buyer/sample/bag/get/count; the toolbar badge). */
export async function countSampleItems(userId: number): Promise<{ count: number }> {
  const n = await cachedSampleCount(userId, async () => {
    const [row] = await getDb().select({ n: count() }).from(sampleBagItems).where(eq(sampleBagItems.userId, userId));
    return row?.n ?? 0;
  });
  return { count: n };
}
