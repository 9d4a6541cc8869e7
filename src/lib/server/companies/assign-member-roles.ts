import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, companyRoles, memberRoles } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * Sets a member's roles in the company (§7 updateUserInfoInEnterprise): the user must be a member and every role
 * the company's own, or nothing changes.
 */
export async function assignMemberRoles(companyId: number, userId: number, roleIds: number[]): Promise<void> {
  const db = getDb();
  const [member] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId))).limit(1);
  if (!member) throw new AppError(ERROR.empty, { message: 'No such member in this company' });
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    const own = await db.select({ id: companyRoles.id }).from(companyRoles).where(and(eq(companyRoles.companyId, companyId), inArray(companyRoles.id, unique)));
    if (own.length !== unique.length) throw new AppError(ERROR.empty, { message: 'No such role in this company' });
  }
  await db.transaction(async (tx) => {
    await tx.delete(memberRoles).where(and(eq(memberRoles.companyId, companyId), eq(memberRoles.userId, userId)));
    if (unique.length > 0) await tx.insert(memberRoles).values(unique.map((roleId) => ({ companyId, userId, roleId })));
  });
}
