import { and, desc, eq, sql } from 'drizzle-orm';
import type { SessionCompany } from '../../contracts/identity';
import { getDb } from '../db/client';
import { companies, companyMembers } from '../db/schema';

export type MemberCompany = SessionCompany & { lastLoginAt: Date | null };

/** The companies a user belongs to: personal first, then by id (docs/product/companies.md#data Company membership). */
export async function listCompanies(userId: number): Promise<MemberCompany[]> {
  return getDb()
    .select({
      id: companies.id,
      name: companies.orgName,
      logo: companies.logo,
      isCompanyAdmin: companyMembers.isAdmin,
      isPersonal: companies.isPersonal,
      corpCerStatus: companies.corpCerStatus,
      role: companies.role,
      lastLoginAt: companyMembers.lastLoginAt,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    // A member disabled by the company's administrators may not work in it.
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.forbidden, false)))
    .orderBy(desc(companies.isPersonal), companies.id);
}

export const toSessionCompany = ({ lastLoginAt: _, ...company }: MemberCompany): SessionCompany => company;

/** Used by select-company: is the user still a member? (A removed company is simply not in the list.) */
export async function isMember(userId: number, companyId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId), eq(companyMembers.forbidden, false)))
    .limit(1);
  return row !== undefined;
}
