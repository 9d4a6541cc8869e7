import { CODE_TYPE, type LoginResult } from '../../contracts/identity';
import { assertNotLimited, consumeLimit, resetLimit } from '../security/rate-limit';
import { consumeVerificationCode, wrongCode } from './consume-verification-code';
import { findUserByAccount, startSession } from './start-session';

/** Code login (docs/product/identity.md#rules code mode): a login code (type 2) sent to the account proves who the user is. */
export async function loginWithCode(account: string, code: string, ip: string, now: Date = new Date()): Promise<LoginResult> {
  const key = `${account}|${ip}`;
  await assertNotLimited('login.accountIp', key);
  await assertNotLimited('login.ip', ip);
  try {
    await consumeVerificationCode(account, CODE_TYPE.login, code, ip, now);
  } catch (err) {
    await consumeLimit('login.accountIp', key);
    await consumeLimit('login.ip', ip);
    throw err;
  }
  const user = await findUserByAccount(account);
  // Codes are only delivered to existing accounts; a code for an unknown one is answered like a wrong code.
  if (!user) throw wrongCode();
  await resetLimit('login.accountIp', key);
  return startSession(user, now);
}
