import { eq, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, sessions, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { dummyPasswordHash, verifyPassword } from './password';
import { hashSessionToken, newSessionToken, SESSION_ABSOLUTE_MS } from './session-token';

export interface LoginResult {
  token: string;
  currentCompanyId: number | null;
  isBind: boolean;
  expiresAt: Date;
}

/**
 * Account-and-password login (§5 password mode). Unknown account and wrong password give the same answer after
 * the same work, so the response tells nothing about which accounts exist.
 */
export async function loginWithPassword(account: string, password: string, now: Date = new Date()): Promise<LoginResult> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.account})`, account.trim().toLowerCase())).limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !user.passwordHash || !valid) {
    throw new AppError(ERROR.fieldInvalid, { message: 'The account or password is incorrect', fields: [{ field: 'password', message: 'The account or password is incorrect' }] });
  }
  const [membership] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, user.id))
    .orderBy(companyMembers.joinedAt)
    .limit(1);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    companyId: membership?.companyId ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, currentCompanyId: membership?.companyId ?? null, isBind: Boolean(user.mobile || user.email), expiresAt };
}
