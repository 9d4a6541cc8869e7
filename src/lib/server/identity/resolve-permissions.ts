import { and, eq } from 'drizzle-orm';
import type { SessionCompany } from '../../contracts/identity';
import { PERMISSION_CODES } from '../../permission-codes';
import { getDb } from '../db/client';
import { companyRoles, memberRoles } from '../db/schema';

/**
 * A user's permission codes in their current company (docs/product/routes.md#roles): a company administrator holds every code; anyone else
 * holds the union of their roles' codes. No company, no permissions.
 */
export async function resolvePermissions(userId: number, company: SessionCompany | null): Promise<string[]> {
  if (!company) return [];
  if (company.isCompanyAdmin) return [...PERMISSION_CODES];
  const rows = await getDb()
    .select({ permissions: companyRoles.permissions })
    .from(memberRoles)
    .innerJoin(companyRoles, eq(companyRoles.id, memberRoles.roleId))
    .where(and(eq(memberRoles.companyId, company.id), eq(memberRoles.userId, userId)));
  return [...new Set(rows.flatMap((r) => r.permissions))].sort();
}
