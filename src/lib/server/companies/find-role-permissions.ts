import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { AppError } from '../errors';
import { adminsOnly, type RoleAdministrator } from './set-role-permissions';

/** A role's permission codes (docs/product/companies.md#calls org/role/perms/{id}), for the company's administrators. */
export async function findRolePermissions(caller: RoleAdministrator, roleId: number): Promise<{ id: number; permissions: string[] }> {
  if (!caller.isCompanyAdmin) throw adminsOnly();
  const [role] = await getDb()
    .select({ id: companyRoles.id, permissions: companyRoles.permissions })
    .from(companyRoles)
    .where(and(eq(companyRoles.id, roleId), eq(companyRoles.companyId, caller.companyId)))
    .limit(1);
  if (!role) throw new AppError(ERROR.empty, { message: 'No such role in this company' });
  return role;
}
