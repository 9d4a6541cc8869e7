import { and, eq, gt, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyInvitations, companyMembers, companyRoles, departments, memberDepartments, memberRoles } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';

/**
 * The invitee accepts or declines (docs/product/companies.md#invitations). Only a pending, unexpired invitation made
 * to this user can be answered; anything else is 100404, whoever asks. Accepting makes the membership, with the roles
 * and departments chosen when inviting that still exist.
 */
export async function answerInvitation(userId: number, id: number, answer: 'accept' | 'decline', now = new Date()): Promise<null> {
  await getDb().transaction(async (tx) => {
    const [invitation] = await tx
      .update(companyInvitations)
      .set({ status: answer === 'accept' ? 2 : 3, decidedAt: now })
      .where(and(eq(companyInvitations.id, id), eq(companyInvitations.userId, userId), eq(companyInvitations.status, 1), gt(companyInvitations.expiresAt, now)))
      .returning();
    if (!invitation) throw new AppError(ERROR.empty, { message: 'No such pending invitation' });
    if (answer === 'decline') return;
    const { companyId } = invitation;
    await tx.insert(companyMembers).values({ companyId, userId, joinedAt: now }).onConflictDoNothing();
    const roleIds = invitation.roleIds.length
      ? (await tx.select({ id: companyRoles.id }).from(companyRoles).where(and(eq(companyRoles.companyId, companyId), inArray(companyRoles.id, invitation.roleIds)))).map((r) => r.id)
      : [];
    const departmentIds = invitation.departmentIds.length
      ? (await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.companyId, companyId), inArray(departments.id, invitation.departmentIds)))).map((d) => d.id)
      : [];
    if (roleIds.length) await tx.insert(memberRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId }))).onConflictDoNothing();
    if (departmentIds.length) await tx.insert(memberDepartments).values(departmentIds.map((departmentId) => ({ companyId, userId, departmentId }))).onConflictDoNothing();
  });
  if (answer === 'accept') forgetSessions();
  return null;
}
