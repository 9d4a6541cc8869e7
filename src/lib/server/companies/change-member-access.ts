import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, memberDepartments, memberRoles, sessions } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { assertOutranks, type CompanyActor } from './company-actor';

/**
 * Disables (or re-enables) a member, or removes members (docs/product/companies.md#calls updateUserInfoInEnterpriseIsForbid,
 * deleteUserInEnterprise). An administrator cannot lock themselves out, and a company keeps at least one
 * administrator; nobody touches a member above them. Sessions working in the company lose it at once (the user sees
 * "the company has been removed").
 */
export async function changeMemberAccess(companyId: number, actor: CompanyActor, userIds: number[], change: 'forbid' | 'allow' | 'remove'): Promise<number> {
  if (change !== 'allow' && userIds.includes(actor.userId)) throw new AppError(ERROR.conflict, { message: 'You cannot remove or disable yourself' });
  const db = getDb();
  const changed = await db.transaction(async (tx) => {
    const targets = await tx.select({ userId: companyMembers.userId, isAdmin: companyMembers.isAdmin }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.userId, userIds)));
    if (targets.length === 0) throw new AppError(ERROR.empty, { message: 'No such member in this company' });
    const ids = targets.map((t) => t.userId);
    await assertOutranks(companyId, actor, ids, tx);
    if (change !== 'allow' && targets.some((t) => t.isAdmin)) {
      const admins = await tx
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.isAdmin, true), eq(companyMembers.forbidden, false)));
      if (admins.every((a) => ids.includes(a.userId))) throw new AppError(ERROR.conflict, { message: 'A company keeps at least one administrator' });
    }
    const scope = and(eq(companyMembers.companyId, companyId), inArray(companyMembers.userId, ids));
    if (change === 'remove') {
      await tx.delete(memberRoles).where(and(eq(memberRoles.companyId, companyId), inArray(memberRoles.userId, ids)));
      await tx.delete(memberDepartments).where(and(eq(memberDepartments.companyId, companyId), inArray(memberDepartments.userId, ids)));
      await tx.delete(companyMembers).where(scope);
    } else {
      await tx.update(companyMembers).set({ forbidden: change === 'forbid' }).where(scope);
    }
    if (change !== 'allow') await tx.update(sessions).set({ companyId: null }).where(and(eq(sessions.companyId, companyId), inArray(sessions.userId, ids)));
    return ids.length;
  });
  forgetSessions();
  return changed;
}
