import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { shares, shareViewDays } from '../db/schema';
import { notifyUsers } from '../notifications/notify-users';
import { emitWebhookEvents } from '../webhooks/emit-webhook-event';

/**
 * Counts one opening of a share's landing by someone other than its sharer (shown on /main/share), and the same
 * view in its day's row, which the supplier's dashboard sums over a week (docs/product/supplier.md#dashboard). The
 * sharer hears of it once a day per share (docs/product/news.md#what-arrives), however often it is opened.
 */
export async function countShareView(shareId: string, subject: string | null = null, now: Date = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(shares)
      .set({ views: sql`${shares.views} + 1` })
      .where(eq(shares.id, shareId))
      .returning({ id: shares.id, owner: shares.ownerUserId, kind: shares.kind, companyId: shares.ownerCompanyId, views: shares.views });
    if (!row) return;
    const [today] = await tx
      .insert(shareViewDays)
      .values({ shareId, day, views: 1 })
      .onConflictDoUpdate({ target: [shareViewDays.shareId, shareViewDays.day], set: { views: sql`${shareViewDays.views} + 1` } })
      .returning({ views: shareViewDays.views });
    // The sharer's company hears of the day's first opening, as the sharer does (docs/product/integrations.md#events).
    if (today?.views === 1) await emitWebhookEvents(tx, [row.companyId], [{ event: 'share.opened', data: { shareId, kind: row.kind, views: row.views, day } }]);
    await notifyUsers(tx, [row.owner], { kind: 'share-opened', params: { shareId, shareKind: row.kind, ...(subject ? { subject } : {}) }, dedupeKey: `share-opened:${shareId}:${day}` });
  });
}
