import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Member } from '../../contracts/companies';
import { getDb } from '../db/client';
import { companyMembers, companyRoles, departments, memberDepartments, memberRoles, users } from '../db/schema';

/** One page of a company's members with their roles and departments (docs/product/companies.md#calls pageUserExts, role-user). */
export async function listMembers(companyId: number, page: number, size: number, filter: { keyword?: string; departmentId?: number; roleId?: number } = {}): Promise<{ records: Member[]; total: number }> {
  const db = getDb();
  const like = filter.keyword ? `%${filter.keyword.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(companyMembers.companyId, companyId),
    like ? or(ilike(users.account, like), ilike(users.name, like)) : undefined,
    filter.departmentId
      ? sql`exists (select 1 from ${memberDepartments} md where md.company_id = ${companyId} and md.user_id = ${users.id} and md.department_id = ${filter.departmentId})`
      : undefined,
    filter.roleId
      ? sql`exists (select 1 from ${memberRoles} mr where mr.company_id = ${companyId} and mr.user_id = ${users.id} and mr.role_id = ${filter.roleId})`
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(companyMembers).innerJoin(users, eq(users.id, companyMembers.userId)).where(where);
  const rows = await db
    .select({ userId: users.id, account: users.account, name: users.name, isAdmin: companyMembers.isAdmin, forbidden: companyMembers.forbidden, joinedAt: companyMembers.joinedAt })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where)
    .orderBy(companyMembers.joinedAt, users.id)
    .limit(size)
    .offset((page - 1) * size);
  const ids = rows.map((r) => r.userId);
  const [roles, depts] = ids.length
    ? await Promise.all([
        db.select({ userId: memberRoles.userId, id: companyRoles.id, name: companyRoles.name }).from(memberRoles).innerJoin(companyRoles, eq(companyRoles.id, memberRoles.roleId)).where(and(eq(memberRoles.companyId, companyId), inArray(memberRoles.userId, ids))),
        db.select({ userId: memberDepartments.userId, id: departments.id, name: departments.name }).from(memberDepartments).innerJoin(departments, eq(departments.id, memberDepartments.departmentId)).where(and(eq(memberDepartments.companyId, companyId), inArray(memberDepartments.userId, ids))),
      ])
    : [[], []];
  const pick = (list: { userId: number; id: number; name: string }[], userId: number) => list.filter((x) => x.userId === userId).map(({ id, name }) => ({ id, name }));
  return { total, records: rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString(), roles: pick(roles, r.userId), departments: pick(depts, r.userId) })) };
}
