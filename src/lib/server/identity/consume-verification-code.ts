import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { CodeType } from '../../contracts/identity';
import { getDb } from '../db/client';
import { verificationCodes } from '../db/schema';
import { AppError } from '../errors';
import { rememberProvenAddress } from '../security/proven-address';
import { consumeLimit } from '../security/rate-limit';
import { hashCode } from './send-verification-code';

const MAX_ATTEMPTS = 5;
/**
 * The newest codes of one account and purpose that are all accepted. Asking again never retires a code, so a
 * stranger asking for the owner's account does not cancel the one the owner is typing; five bounds the work per
 * check, and a stranger would need five asks from five addresses inside the ten minutes to push one out.
 */
export const LIVE_CODES = 5;

export const wrongCode = () => new AppError(ERROR.fieldInvalid, { message: 'validation.codeWrong', fields: [{ field: 'code', message: 'validation.codeWrong' }] });

/**
 * Uses up a code: one of the account's newest live codes for this purpose, unexpired and unused. A wrong try is
 * compared with every live code, so it counts against each of them (the fifth kills a code: no code is ever tried
 * more than five times, however many are live) and against the caller's address. Using one retires them all. Every
 * failure is the same answer.
 */
export async function consumeVerificationCode(account: string, purpose: CodeType, code: string, ip: string, now: Date = new Date()): Promise<void> {
  const db = getDb();
  await consumeLimit('codeCheck.ip', ip);
  const ofAccount = and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose));
  const live = await db
    .select({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts })
    .from(verificationCodes)
    .where(and(ofAccount, isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(LIVE_CODES);
  if (live.length === 0) throw wrongCode();
  const given = Buffer.from(hashCode(account, purpose, code), 'hex');
  // Every live code is compared, so the time taken does not tell which one matched.
  let match: (typeof live)[number] | undefined;
  for (const row of live) {
    if (timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given) && row.attempts < MAX_ATTEMPTS) match ??= row;
  }
  if (!match) {
    await db
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(inArray(verificationCodes.id, live.map((r) => r.id)), isNull(verificationCodes.consumedAt)));
    throw wrongCode();
  }
  // Conditional on still being unused, so two concurrent uses cannot both succeed.
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, match.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw wrongCode();
  await db.update(verificationCodes).set({ consumedAt: now }).where(and(ofAccount, isNull(verificationCodes.consumedAt)));
  await rememberProvenAddress([account], ip);
}
