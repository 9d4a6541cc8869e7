import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { shares, shareViewDays } from '../db/schema';

/**
 * Counts one opening of a share's landing by someone other than its sharer (shown on /main/share), and the same
 * view in its day's row, which the supplier's dashboard sums over a week (docs/product/supplier.md#dashboard).
 */
export async function countShareView(shareId: string, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx.update(shares).set({ views: sql`${shares.views} + 1` }).where(eq(shares.id, shareId)).returning({ id: shares.id });
    if (!row) return;
    await tx
      .insert(shareViewDays)
      .values({ shareId, day: now.toISOString().slice(0, 10), views: 1 })
      .onConflictDoUpdate({ target: [shareViewDays.shareId, shareViewDays.day], set: { views: sql`${shareViewDays.views} + 1` } });
  });
}
