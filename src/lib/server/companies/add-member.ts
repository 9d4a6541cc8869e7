import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyMembers } from '../db/schema';
import { AppError } from '../errors';
import { findUserByAccount } from '../identity/start-session';
import { assignMemberRoles } from './assign-member-roles';
import { forgetSessions } from '../identity/session-cache';
import { assertHoldsCodes, codesOfRoles, type CompanyActor } from './company-actor';

/**
 * Adds a registered user to an enterprise company by account (docs/product/companies.md#calls addUserIntoEnterprise). Personal companies have
 * one member by definition, and being able to probe accounts from one would enumerate users.
 */
export async function addMember(companyId: number, actor: CompanyActor, account: string, roles: { roleIds: number[]; departmentIds: number[] }): Promise<{ userId: number }> {
  const db = getDb();
  const [company] = await db.select({ isPersonal: companies.isPersonal }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company || company.isPersonal) throw new AppError(ERROR.authError, { message: 'A personal company has no other members' });
  // Checked before the member row exists, so a refused grant adds nobody.
  assertHoldsCodes(actor, await codesOfRoles(companyId, roles.roleIds));
  const user = await findUserByAccount(account);
  if (!user) throw new AppError(ERROR.empty, { message: 'No registered user with this account' });
  const [existing] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, user.id))).limit(1);
  if (existing) throw new AppError(ERROR.conflict, { message: 'Already a member' });
  await db.insert(companyMembers).values({ companyId, userId: user.id });
  await assignMemberRoles(companyId, actor, user.id, roles);
  forgetSessions();
  return { userId: user.id };
}
