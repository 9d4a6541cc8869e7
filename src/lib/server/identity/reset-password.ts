import { eq } from 'drizzle-orm';
import { CODE_TYPE } from '../../contracts/identity';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { consumeVerificationCode, wrongCode } from './consume-verification-code';
import { hashPassword } from './password';
import { revokeUserApiTokens } from '../integrations/revoke-user-api-tokens';
import { revokeAllSessions } from './revoke-session';
import { findUserByAccount } from './start-session';

/** Forgotten password (docs/product/identity.md#calls mp/uc/login/reset): a reset code (type 4) sets a new password and ends every session and every API token the user created. */
export async function resetPassword(account: string, code: string, password: string, ip: string, now: Date = new Date()): Promise<void> {
  await consumeVerificationCode(account, CODE_TYPE.updatePassword, code, ip, now);
  const user = await findUserByAccount(account);
  if (!user) throw wrongCode();
  await getDb().update(users).set({ passwordHash: await hashPassword(password), updatedAt: now }).where(eq(users.id, user.id));
  await revokeAllSessions(user.id, now);
  await revokeUserApiTokens(user.id, now);
}
