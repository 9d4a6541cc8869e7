import { and, eq } from 'drizzle-orm';
import { USER_STATUS_FROZEN } from '../../constants';
import { CODE_TYPE, REMOVAL_GRACE_DAYS, REMOVAL_STATUS } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { accountRemovals, users } from '../db/schema';
import { AppError } from '../errors';
import { consumeVerificationCode } from './consume-verification-code';
import { forgetSessions } from './session-cache';

/**
 * A signed-in user asks to remove their account (docs/product/identity.md#calls mp/uc/remove), proving it with a removal code (type 6). The
 * account is frozen (status 5) until the request is withdrawn or the grace period ends.
 */
export async function requestAccountRemoval(userId: number, account: string, code: string, reason: string | undefined, ip: string, now: Date = new Date()): Promise<void> {
  await consumeVerificationCode(account, CODE_TYPE.removeAccount, code, ip, now);
  await getDb().transaction(async (tx) => {
    const [open] = await tx
      .select({ id: accountRemovals.id })
      .from(accountRemovals)
      .where(and(eq(accountRemovals.userId, userId), eq(accountRemovals.status, REMOVAL_STATUS.pending)))
      .limit(1);
    if (open) throw new AppError(ERROR.conflict, { message: 'A removal request is already pending' });
    await tx.insert(accountRemovals).values({
      userId,
      reason: reason || null,
      requestedAt: now,
      removeAfter: new Date(now.getTime() + REMOVAL_GRACE_DAYS * 24 * 60 * 60 * 1000),
    });
    await tx.update(users).set({ status: USER_STATUS_FROZEN, updatedAt: now }).where(eq(users.id, userId));
  });
  forgetSessions();
}
