import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { CODE_LENGTH, CODE_RESEND_S, CODE_TTL_S, CODE_TYPE, type CodeType } from '../../contracts/identity';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { verificationCodes } from '../db/schema';
import { deliverMessage } from '../mail/deliver-message';
import { alreadyRegisteredMessage, codeMessage } from '../mail/templates';
import { consumeLimit, RateLimitedError } from '../security/rate-limit';
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
 */
export async function sendVerificationCode(
  account: string,
  purpose: CodeType,
  context: { ip: string; lang: Lang },
  now: Date = new Date(),
): Promise<{ expiresIn: number; resendAfter: number }> {
  const db = getDb();
  await consumeLimit('code.ip', context.ip);
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const sinceLast = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
  if (sinceLast < CODE_RESEND_S) throw new RateLimitedError(Math.ceil(CODE_RESEND_S - sinceLast));
  await consumeLimit('code.account', account);

  const code = newCode();
  // One live code per account and purpose: asking again retires the previous one.
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values({
    account,
    purpose,
    codeHash: hashCode(account, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
  });

  const exists = (await findUserByAccount(account)) !== undefined;
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
