import { ERROR } from '../../errors';
import type { LoginResult } from '../../contracts/identity';
import { AppError } from '../errors';
import { rememberProvenAddress } from '../security/proven-address';
import { assertNotLimited, consumeLimit, resetLimit } from '../security/rate-limit';
import { dummyPasswordHash, verifyPassword } from './password';
import { findUserByAccount, startSession } from './start-session';

/** The one answer to a failed login, whatever failed: no account enumeration through messages (docs/product/identity.md#rules, ASVS). */
export const badCredentials = () =>
  new AppError(ERROR.fieldInvalid, { message: 'validation.credentials', fields: [{ field: 'password', message: 'validation.credentials' }] });

/**
 * Account-and-password login (docs/product/identity.md#rules password mode). Unknown account and wrong password give the same answer after
 * the same work. Failures count per account and address (the real owner elsewhere is not locked out) and per
 * address; a success clears the account's count for that address and marks the address as proved for the account's
 * code requests.
 */
export async function loginWithPassword(account: string, password: string, ip: string, now: Date = new Date()): Promise<LoginResult> {
  const key = `${account.trim().toLowerCase()}|${ip}`;
  await assertNotLimited('login.accountIp', key);
  await assertNotLimited('login.ip', ip);
  const user = await findUserByAccount(account);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !user.passwordHash || !valid) {
    await consumeLimit('login.accountIp', key);
    await consumeLimit('login.ip', ip);
    throw badCredentials();
  }
  await resetLimit('login.accountIp', key);
  await rememberProvenAddress([user.account, user.email, user.mobile], ip);
  return startSession(user, now);
}
