import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';

/** The caller as these calls need them: working in the company, and whether they administer it. */
export interface RoleAdministrator {
  companyId: number;
  isCompanyAdmin: boolean;
}

export const adminsOnly = () => new AppError(ERROR.authError, { message: 'Only the company’s administrators read and set a role’s permissions this way' });

/**
 * Replaces a role's permission codes (docs/product/companies.md#calls org/role/auth/{id}). Company administrators only:
 * they hold every code, so nothing they set raises anyone above them. A role of another company is "not found".
 * Members holding the role have the new codes at their next request.
 */
export async function setRolePermissions(caller: RoleAdministrator, roleId: number, codes: string[], now: Date = new Date()): Promise<{ id: number; permissions: string[] }> {
  if (!caller.isCompanyAdmin) throw adminsOnly();
  const permissions = [...new Set(codes)].sort();
  const [updated] = await getDb()
    .update(companyRoles)
    .set({ permissions, modifiedAt: now })
    .where(and(eq(companyRoles.id, roleId), eq(companyRoles.companyId, caller.companyId)))
    .returning({ id: companyRoles.id, permissions: companyRoles.permissions });
  if (!updated) throw new AppError(ERROR.empty, { message: 'No such role in this company' });
  forgetSessions();
  return updated;
}
