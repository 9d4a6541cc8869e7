import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { AccountNames } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from './session-cache';

const notBound = () => new AppError(ERROR.fieldInvalid, { message: 'validation.accountNotBound', fields: [{ field: 'account', message: 'validation.accountNotBound' }] });

/**
 * Makes one of the caller's own bound addresses their sign-in name (docs/product/identity.md#the-sign-in-name): an
 * account that registered with an address it has since replaced, or a social account named `<provider>:<subject>`,
 * takes the mobile number or e-mail address it now uses. Only an address already bound to this account is accepted,
 * so nothing new is claimed and nothing about other accounts is told.
 */
export async function renameAccount(userId: number, address: string, now: Date = new Date()): Promise<AccountNames> {
  const db = getDb();
  const lower = address.toLowerCase();
  const [me] = await db.select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  if (!me || !(me.mobile === address || (me.email !== null && me.email.toLowerCase() === lower))) throw notBound();
  // Binding keeps an address to one account; this also covers an old sign-in name another account still uses.
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), or(eq(sql`lower(${users.account})`, lower), eq(sql`lower(${users.email})`, lower), eq(users.mobile, address))))
    .limit(1);
  if (other) throw notBound();
  const [updated] = await db.update(users).set({ account: address, updatedAt: now }).where(eq(users.id, userId)).returning({ account: users.account, email: users.email, mobile: users.mobile });
  if (!updated) throw notBound();
  forgetSessions();
  return updated;
}
