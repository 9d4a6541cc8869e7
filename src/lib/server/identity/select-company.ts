import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, sessions } from '../db/schema';
import { AppError } from '../errors';
import { isMember } from './list-companies';
import { hashSessionToken } from './session-token';
import { forgetSessions } from './session-cache';

/**
 * Switches the caller's session to one of their companies (docs/product/companies.md#states company choice). A company the user no longer
 * belongs to is refused with 100403 and `data.removed` (the client shows "the company has been removed").
 */
export async function selectCompany(token: string, userId: number, companyId: number, now: Date = new Date()): Promise<{ currentCompanyId: number }> {
  if (!(await isMember(userId, companyId))) {
    throw new AppError(ERROR.authError, { message: 'The company has been removed', data: { removed: true } });
  }
  const db = getDb();
  await db.update(sessions).set({ companyId }).where(and(eq(sessions.tokenHash, hashSessionToken(token)), eq(sessions.userId, userId)));
  await db.update(companyMembers).set({ lastLoginAt: now }).where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)));
  forgetSessions();
  return { currentCompanyId: companyId };
}
