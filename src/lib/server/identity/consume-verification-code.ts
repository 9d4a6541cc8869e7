import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { CodeType } from '../../contracts/identity';
import { getDb } from '../db/client';
import { verificationCodes } from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit } from '../security/rate-limit';
import { hashCode } from './send-verification-code';

const MAX_ATTEMPTS = 5;

export const wrongCode = () => new AppError(ERROR.fieldInvalid, { message: 'validation.codeWrong', fields: [{ field: 'code', message: 'validation.codeWrong' }] });

/**
 * Uses up a code: it must be the account's latest live code for this purpose, unexpired and unused. A wrong try
 * counts against the code (five and it is dead) and against the caller's address. Every failure is the same answer.
 */
export async function consumeVerificationCode(account: string, purpose: CodeType, code: string, ip: string, now: Date = new Date()): Promise<void> {
  const db = getDb();
  await consumeLimit('codeCheck.ip', ip);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw wrongCode();
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(account, purpose, code), 'hex');
  if (row.attempts >= MAX_ATTEMPTS || !timingSafeEqual(expected, given)) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1`, consumedAt: row.attempts + 1 >= MAX_ATTEMPTS ? now : null })
      .where(eq(verificationCodes.id, row.id));
    throw wrongCode();
  }
  // Conditional on still being unused, so two concurrent uses cannot both succeed.
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw wrongCode();
}
