import { and, eq } from 'drizzle-orm';
import { REMOVAL_STATUS } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { accountRemovals, users } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from './session-cache';

/** Withdraws a pending removal (docs/product/identity.md#states: it can be cancelled while pending) and unfreezes the account. */
export async function cancelAccountRemoval(userId: number, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const closed = await tx
      .update(accountRemovals)
      .set({ status: REMOVAL_STATUS.withdrawn, closedAt: now })
      .where(and(eq(accountRemovals.userId, userId), eq(accountRemovals.status, REMOVAL_STATUS.pending)))
      .returning({ id: accountRemovals.id });
    if (closed.length === 0) throw new AppError(ERROR.conflict, { message: 'There is no pending removal request' });
    await tx.update(users).set({ status: 1, updatedAt: now }).where(eq(users.id, userId));
  });
  forgetSessions();
}
