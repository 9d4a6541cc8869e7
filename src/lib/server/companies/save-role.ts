import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';

export interface RoleInput {
  name: string;
  description: string;
  permissions: string[];
}

const nameTaken = () => new AppError(ERROR.fieldInvalid, { message: 'validation.roleNameTaken', fields: [{ field: 'name', message: 'validation.roleNameTaken' }] });

/**
 * Creates a role in the company, or updates one of the company's own roles (`id`); a role of another company is
 * "not found", never touched. Names are unique within a company.
 */
export async function saveRole(companyId: number, input: RoleInput & { id?: number }, now: Date = new Date()): Promise<{ id: number }> {
  const db = getDb();
  const [clash] = await db.select({ id: companyRoles.id }).from(companyRoles).where(and(eq(companyRoles.companyId, companyId), eq(companyRoles.name, input.name))).limit(1);
  if (clash && clash.id !== input.id) throw nameTaken();
  const values = { name: input.name, description: input.description, permissions: [...new Set(input.permissions)].sort(), modifiedAt: now };
  if (input.id === undefined) {
    const [created] = await db.insert(companyRoles).values({ companyId, ...values, createdAt: now }).returning({ id: companyRoles.id });
    if (!created) throw new Error('role insert returned no row');
    forgetSessions();
    return created;
  }
  const [updated] = await db
    .update(companyRoles)
    .set(values)
    .where(and(eq(companyRoles.id, input.id), eq(companyRoles.companyId, companyId)))
    .returning({ id: companyRoles.id });
  if (!updated) throw new AppError(ERROR.empty, { message: 'No such role in this company' });
  forgetSessions();
  return updated;
}
