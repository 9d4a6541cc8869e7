import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { shares } from '../db/schema';
import { AppError } from '../errors';

/**
 * Ends one of the caller's shares now (the owner's "stop sharing"): it expires at once, so its link shows the expired
 * page from then on. Another user's share, or one already ended, is "not found" alike.
 */
export async function endShare(userId: number, shareId: string, now: Date = new Date()): Promise<void> {
  const ended = await getDb()
    .update(shares)
    .set({ expiresAt: now })
    .where(and(eq(shares.id, shareId), eq(shares.ownerUserId, userId), isNull(shares.deletedAt), or(isNull(shares.expiresAt), gt(shares.expiresAt, sql`${now.toISOString()}::timestamptz`))))
    .returning({ id: shares.id });
  if (ended.length === 0) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
}
