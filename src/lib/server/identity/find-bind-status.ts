import { eq } from 'drizzle-orm';
import type { SnsBindStatus } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { userIdentities, users } from '../db/schema';
import { AppError } from '../errors';

/**
 * What the bind step after a social sign-in shows (docs/product/identity.md#binding-after-a-social-sign-in): the
 * addresses bound, the providers the account signs in with, and whether it is only a social sign-in, which may
 * still be joined to an existing account.
 */
export async function findBindStatus(userId: number): Promise<SnsBindStatus> {
  const db = getDb();
  const [[user], identities] = await Promise.all([
    db.select({ mobile: users.mobile, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1),
    db.selectDistinct({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.provider),
  ]);
  if (!user) throw new AppError(ERROR.empty, { message: 'No such user' });
  const isBind = Boolean(user.mobile || user.email);
  return {
    isBind,
    mobile: user.mobile,
    email: user.email,
    providers: identities.map((i) => i.provider),
    canBindAccount: identities.length > 0 && !isBind && user.passwordHash === null,
  };
}
