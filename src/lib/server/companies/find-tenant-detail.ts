import { and, count, eq } from 'drizzle-orm';
import type { TenantDetail } from '../../contracts/companies';
import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyMembers, companyRoles, departments, users } from '../db/schema';
import { isLibraryOpen } from '../enterprise-library/check-library-open';
import { AppError } from '../errors';
import { resolvePermissions } from '../identity/resolve-permissions';

/**
 * A company as its members see it (docs/product/companies.md#company-details): its identity, how large it is, who
 * administers it, and the caller's place in it. Only for a company the caller may work in (a member, not disabled);
 * any other id is "not found", as a missing one is.
 */
export async function findTenantDetail(session: SessionContext, companyId: number, now: Date = new Date()): Promise<TenantDetail> {
  const membership = session.companies.find((c) => c.id === companyId);
  if (!membership) throw new AppError(ERROR.empty, { message: 'No such company' });
  const db = getDb();
  const [[company], [members], [departmentCount], [roleCount], admins, [mine], permissions, library] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db.select({ n: count() }).from(departments).where(eq(departments.companyId, companyId)),
    db.select({ n: count() }).from(companyRoles).where(eq(companyRoles.companyId, companyId)),
    db
      .select({ userId: users.id, name: users.name })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.isAdmin, true)))
      .orderBy(users.id)
      .limit(20),
    db.select({ joinedAt: companyMembers.joinedAt }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, session.user.id))).limit(1),
    resolvePermissions(session.user, membership),
    isLibraryOpen(companyId, now),
  ]);
  if (!company || !mine) throw new AppError(ERROR.empty, { message: 'No such company' });
  return {
    id: company.id,
    name: company.orgName,
    nameEn: company.nameEn,
    logo: company.logo,
    isPersonal: company.isPersonal,
    role: company.role,
    corpCerStatus: company.corpCerStatus,
    introduction: company.introduction,
    memberCount: members?.n ?? 0,
    departmentCount: departmentCount?.n ?? 0,
    roleCount: roleCount?.n ?? 0,
    admins,
    isCompanyAdmin: membership.isCompanyAdmin,
    isCurrent: session.company?.id === companyId,
    joinedAt: mine.joinedAt.toISOString(),
    permissions,
    enterpriseLibrary: library,
  };
}
