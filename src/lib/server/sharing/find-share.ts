import { eq } from 'drizzle-orm';
import type { ShareAccess } from '../../contracts/sharing';
import { getDb } from '../db/client';
import { shares } from '../db/schema';

export type ShareRow = typeof shares.$inferSelect;
export type FoundShare = { state: 'missing' } | { state: 'expired'; share: ShareRow } | { state: 'live'; share: ShareRow };

/** A share by its id as of `now`: missing (never made or deleted), expired, or live. */
export async function findShare(shareId: string, now: Date = new Date()): Promise<FoundShare> {
  const [share] = await getDb().select().from(shares).where(eq(shares.id, shareId));
  if (!share || share.deletedAt) return { state: 'missing' };
  if (share.expiresAt && share.expiresAt.getTime() <= now.getTime()) return { state: 'expired', share };
  return { state: 'live', share };
}

/**
 * What a viewer may see of a live share (docs/product/sharing.md#states share access): a password share needs its code first (a grant for this
 * share), a view range of 3 needs a signed-in viewer; its sharer always sees it.
 */
export function shareAccess(found: FoundShare, viewer: { userId: number | null; granted: boolean }): ShareAccess {
  if (found.state !== 'live') return found.state;
  // The sharer sees their own share as it is (the dialog's share image, their list) without their own code.
  if (viewer.userId === found.share.ownerUserId) return 'ok';
  const signedIn = viewer.userId !== null;
  if (found.share.viewRange === 3 && !signedIn) return 'needLogin';
  if (found.share.type === 2 && !viewer.granted) return 'needCode';
  return 'ok';
}
