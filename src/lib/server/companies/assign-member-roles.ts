import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, companyRoles, departments, memberDepartments, memberRoles } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { assertHoldsCodes, assertOutranks, codesOfRoles, type CompanyActor } from './company-actor';

/** Every id must be one of the company's own, or nothing changes. */
async function assertOwn(table: typeof companyRoles | typeof departments, companyId: number, ids: number[], what: string) {
  if (ids.length === 0) return;
  const own = await getDb().select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
  if (own.length !== ids.length) throw new AppError(ERROR.empty, { message: `No such ${what} in this company` });
}

/**
 * Sets a member's roles and/or departments in the company (docs/product/companies.md#calls updateUserInfoInEnterprise); an omitted list is
 * left alone. The user must be a member, not above the actor, and the roles given may hold only codes the actor holds
 * (the actor's own roles included: that is how one would raise oneself).
 */
export async function assignMemberRoles(companyId: number, actor: CompanyActor, userId: number, change: { roleIds?: number[]; departmentIds?: number[] }): Promise<void> {
  const db = getDb();
  const [member] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId))).limit(1);
  if (!member) throw new AppError(ERROR.empty, { message: 'No such member in this company' });
  const roleIds = change.roleIds && [...new Set(change.roleIds)];
  const departmentIds = change.departmentIds && [...new Set(change.departmentIds)];
  if (roleIds) await assertOwn(companyRoles, companyId, roleIds, 'role');
  if (departmentIds) await assertOwn(departments, companyId, departmentIds, 'department');
  await assertOutranks(companyId, actor, [userId]);
  if (roleIds) assertHoldsCodes(actor, await codesOfRoles(companyId, roleIds));
  await db.transaction(async (tx) => {
    if (roleIds) {
      await tx.delete(memberRoles).where(and(eq(memberRoles.companyId, companyId), eq(memberRoles.userId, userId)));
      if (roleIds.length) await tx.insert(memberRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
    }
    if (departmentIds) {
      await tx.delete(memberDepartments).where(and(eq(memberDepartments.companyId, companyId), eq(memberDepartments.userId, userId)));
      if (departmentIds.length) await tx.insert(memberDepartments).values(departmentIds.map((departmentId) => ({ companyId, userId, departmentId })));
    }
  });
  forgetSessions();
}
