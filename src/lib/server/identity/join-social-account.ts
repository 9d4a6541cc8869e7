import { and, eq, gt, isNull } from 'drizzle-orm';
import { USER_STATUS_RETIRED } from '../../constants';
import type { LoginResult } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { qrLoginTickets, sessions, ssoTickets, userIdentities, users } from '../db/schema';
import { AppError } from '../errors';
import { rememberProvenAddress } from '../security/proven-address';
import { assertNotLimited, consumeLimit, resetLimit } from '../security/rate-limit';
import { badCredentials } from './login-with-password';
import { dummyPasswordHash, verifyPassword } from './password';
import { forgetSessions } from './session-cache';
import { findUserByAccount, startSession } from './start-session';


/**
 * Joins the signed-in social account to an existing account (docs/product/identity.md#binding-after-a-social-sign-in):
 * the caller proves the existing account with its password, held to the password sign-in's limits and its one answer
 * for every failure. Only an account that is nothing but a social sign-in (no password, mobile or e-mail) can be
 * joined: its provider links move to the existing account, it is retired (status 2) with every session of it
 * ended (and any hand-off token or QR sign-in of it spent), and the caller is signed in to the existing account instead.
 */
export async function joinSocialAccount(userId: number, account: string, password: string, ip: string, now: Date = new Date()): Promise<LoginResult> {
  const key = `${account.trim().toLowerCase()}|${ip}`;
  await assertNotLimited('login.accountIp', key);
  await assertNotLimited('login.ip', ip);
  const db = getDb();
  const [[me], links] = await Promise.all([
    db.select({ passwordHash: users.passwordHash, mobile: users.mobile, email: users.email }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId)),
  ]);
  if (!me || links.length === 0 || me.passwordHash || me.mobile || me.email) throw new AppError(ERROR.conflict, { message: 'validation.nothingToJoin' });

  const target = await findUserByAccount(account);
  const valid = await verifyPassword(target?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!target || !target.passwordHash || !valid) {
    await consumeLimit('login.accountIp', key);
    await consumeLimit('login.ip', ip);
    throw badCredentials();
  }
  await resetLimit('login.accountIp', key);
  await rememberProvenAddress([target.account, target.email, target.mobile], ip);
  await db.transaction(async (tx) => {
    await tx.update(userIdentities).set({ userId: target.id }).where(eq(userIdentities.userId, userId));
    await tx.update(users).set({ status: USER_STATUS_RETIRED, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    // Nor may a hand-off token or an approved QR sign-in still open a session of it.
    await tx.update(ssoTickets).set({ consumedAt: now }).where(and(eq(ssoTickets.userId, userId), isNull(ssoTickets.consumedAt)));
    await tx.update(qrLoginTickets).set({ expiresAt: now }).where(and(eq(qrLoginTickets.userId, userId), gt(qrLoginTickets.expiresAt, now)));
  });
  forgetSessions();
  return startSession(target, now);
}
