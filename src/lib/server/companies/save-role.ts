import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { assertHoldsCodes, type CompanyActor } from './company-actor';

export interface RoleInput {
  name: string;
  description: string;
  permissions: string[];
}

const nameTaken = () => new AppError(ERROR.fieldInvalid, { message: 'validation.roleNameTaken', fields: [{ field: 'name', message: 'validation.roleNameTaken' }] });

/**
 * Creates a role in the company, or updates one of the company's own roles (`id`); a role of another company is
 * "not found", never touched. Names are unique within a company. The actor may put in only codes they hold, and may
 * not change a role that holds codes they lack: its members are above them.
 */
export async function saveRole(companyId: number, actor: CompanyActor, input: RoleInput & { id?: number }, now: Date = new Date()): Promise<{ id: number }> {
  const db = getDb();
  const permissions = [...new Set(input.permissions)].sort();
  assertHoldsCodes(actor, permissions);
  const [clash] = await db.select({ id: companyRoles.id }).from(companyRoles).where(and(eq(companyRoles.companyId, companyId), eq(companyRoles.name, input.name))).limit(1);
  if (clash && clash.id !== input.id) throw nameTaken();
  const values = { name: input.name, description: input.description, permissions, modifiedAt: now };
  if (input.id === undefined) {
    const [created] = await db.insert(companyRoles).values({ companyId, ...values, createdAt: now }).returning({ id: companyRoles.id });
    if (!created) throw new Error('role insert returned no row');
    forgetSessions();
    return created;
  }
  const id = input.id;
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select({ permissions: companyRoles.permissions }).from(companyRoles).where(and(eq(companyRoles.id, id), eq(companyRoles.companyId, companyId))).for('update');
    if (!current) throw new AppError(ERROR.empty, { message: 'No such role in this company' });
    assertHoldsCodes(actor, current.permissions);
    const [updated] = await tx.update(companyRoles).set(values).where(eq(companyRoles.id, id)).returning({ id: companyRoles.id });
    if (!updated) throw new Error('role update returned no row');
    return updated;
  });
  forgetSessions();
  return updated;
}
