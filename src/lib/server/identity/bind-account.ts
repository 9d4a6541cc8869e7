import { eq } from 'drizzle-orm';
import { CODE_TYPE } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { consumeVerificationCode, wrongCode } from './consume-verification-code';
import { findUserByAccount } from './start-session';

/**
 * Binds a new mobile number or e-mail address to the signed-in user (docs/product/identity.md#calls update/account/current), proven by a bind
 * code (type 5) sent to that address. An address in use never received a code, so it fails like a wrong code.
 * Returns what changed, for the client to show. A user with neither address binds their first one in the sign-in
 * flow; changing or adding one after that is an account setting, which takes `FUN005` (`mayChange`), checked
 * before the code is spent.
 */
export async function bindAccount(userId: number, address: string, code: string, ip: string, mayChange: boolean, now: Date = new Date()): Promise<{ email: string | null; mobile: string | null }> {
  if (!mayChange) {
    const [current] = await getDb().select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId));
    if (current?.email || current?.mobile) throw new AppError(ERROR.authError, { data: { permission: 'FUN005' } });
  }
  await consumeVerificationCode(address, CODE_TYPE.bindAccount, code, ip, now);
  const holder = await findUserByAccount(address);
  if (holder && holder.id !== userId) throw wrongCode();
  const field = address.includes('@') ? { email: address } : { mobile: address };
  const [updated] = await getDb().update(users).set({ ...field, updatedAt: now }).where(eq(users.id, userId)).returning({ email: users.email, mobile: users.mobile });
  if (!updated) throw wrongCode();
  return updated;
}
