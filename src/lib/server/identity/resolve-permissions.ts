import { and, eq } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import type { SessionCompany } from '../../contracts/identity';
import { BUYER_PERSONAL_CODES, PERMISSION_CODES } from '../../permission-codes';
import { getDb } from '../db/client';
import { companyRoles, memberRoles } from '../db/schema';

/**
 * A user's permission codes in their current company (docs/product/routes.md#roles): a company administrator holds every code, except
 * that a buyer's personal company grants only what a buyer does; anyone else holds the union of their roles' codes.
 * No company, no permissions.
 */
export async function resolvePermissions(user: { id: number }, company: SessionCompany | null): Promise<string[]> {
  if (!company) return [];
  // The company's own role decides, not the user's: an approved application makes a buyer's personal company a supplier.
  if (company.isCompanyAdmin && company.isPersonal && company.role !== USER_TYPE.supplier) return [...BUYER_PERSONAL_CODES];
  if (company.isCompanyAdmin) return [...PERMISSION_CODES];
  const rows = await getDb()
    .select({ permissions: companyRoles.permissions })
    .from(memberRoles)
    .innerJoin(companyRoles, eq(companyRoles.id, memberRoles.roleId))
    .where(and(eq(memberRoles.companyId, company.id), eq(memberRoles.userId, user.id)));
  return [...new Set(rows.flatMap((r) => r.permissions))].sort();
}
