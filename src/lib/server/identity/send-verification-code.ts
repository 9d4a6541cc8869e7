import { createHash, randomInt } from 'node:crypto';
import { CODE_LENGTH, CODE_RESEND_S, CODE_TTL_S, CODE_TYPE, type CodeType } from '../../contracts/identity';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { verificationCodes } from '../db/schema';
import { deliverMessage } from '../mail/deliver-message';
import { alreadyRegisteredMessage, codeMessage } from '../mail/templates';
import { isProvenAddress } from '../security/proven-address';
import { consumeLimit, countPoint, isSpent } from '../security/rate-limit';
import { findUserByAccount } from './start-session';

export function hashCode(account: string, purpose: number, code: string): string {
  return createHash('sha256').update(`${purpose}:${account}:${code}`).digest('hex');
}

/** A 6-digit code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * Sends a one-time code (docs/product/identity.md#calls verify/code/send). The answer is the same whether or not the account exists; the code
 * is delivered only where it can be used (an existing account; a free address for registration), and an address
 * that already has an account and asks to register gets a notice instead of a code.
 *
 * Requests are limited by who asks (the address, the address and account, the signed-in user) before the account:
 * strangers naming an account spend their own budgets and the account's backstop, never the owner's, and past the
 * backstop they share one code per ten minutes (docs/product/identity.md#verification-codes). A new code
 * leaves earlier ones live (docs/product/identity.md#verification-codes), so nobody can cancel the code the owner is typing.
 */
export async function sendVerificationCode(
  account: string,
  purpose: CodeType,
  context: { ip: string; lang: Lang; userId?: number | null },
  now: Date = new Date(),
): Promise<{ expiresIn: number; resendAfter: number }> {
  const { ip } = context;
  await consumeLimit('code.ip', ip);
  if (context.userId) await consumeLimit('code.user', String(context.userId));
  await consumeLimit('code.resend', `${purpose}|${account}|${ip}`);
  await consumeLimit('code.accountIp', `${account}|${ip}`);
  const holder = await findUserByAccount(account);
  const trusted = (context.userId != null && holder?.id === context.userId) || (await isProvenAddress(account, ip));
  if (!trusted) {
    // Past the day's backstop strangers still get codes, only slowly, so the owner at a new address waits minutes.
    if (await isSpent('code.account', account)) await consumeLimit('code.accountSlow', account);
    await countPoint('code.account', account);
  }

  const code = newCode();
  await getDb().insert(verificationCodes).values({
    account,
    purpose,
    codeHash: hashCode(account, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
  });

  const exists = holder !== undefined;
  const channel = account.includes('@') ? 'email' : 'sms';
  // Codes that claim an address (registration, binding a new mobile or e-mail) go only to a free address.
  if (purpose === CODE_TYPE.register || purpose === CODE_TYPE.bindAccount || purpose === CODE_TYPE.resetEmail) {
    const message = exists ? alreadyRegisteredMessage(context.lang) : codeMessage(context.lang, code, CODE_TTL_S / 60);
    await deliverMessage({ channel, to: account, ...message });
  } else if (exists) {
    await deliverMessage({ channel, to: account, ...codeMessage(context.lang, code, CODE_TTL_S / 60) });
  }
  return { expiresIn: CODE_TTL_S, resendAfter: CODE_RESEND_S };
}
