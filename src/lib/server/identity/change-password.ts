import { eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { LoginResult } from '../../contracts/identity';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { assertNotLimited, consumeLimit } from '../security/rate-limit';
import { hashPassword, verifyPassword } from './password';
import { revokeAllSessions } from './revoke-session';
import { startSession } from './start-session';

/**
 * A signed-in user changes their password (docs/product/identity.md#calls user/pass/update): every session ends, including the one that asked,
 * which gets a new token, so a stolen token dies with the old password.
 */
export async function changePassword(userId: number, oldPassword: string, newPassword: string, ip: string, now: Date = new Date()): Promise<LoginResult> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ERROR.needLogin);
  const key = `${user.account.toLowerCase()}|${ip}`;
  await assertNotLimited('login.accountIp', key);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
    await consumeLimit('login.accountIp', key);
    throw new AppError(ERROR.fieldInvalid, { message: 'validation.oldPasswordWrong', fields: [{ field: 'oldPassword', message: 'validation.oldPasswordWrong' }] });
  }
  await db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: now }).where(eq(users.id, userId));
  await revokeAllSessions(userId, now);
  return startSession(user, now);
}
