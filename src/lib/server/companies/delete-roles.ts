import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { forgetSessions } from '../identity/session-cache';

/** Deletes the listed roles that belong to the company (others' ids are ignored); members lose them at once. */
export async function deleteRoles(companyId: number, roleIds: number[]): Promise<number> {
  const deleted = await getDb()
    .delete(companyRoles)
    .where(and(eq(companyRoles.companyId, companyId), inArray(companyRoles.id, roleIds)))
    .returning({ id: companyRoles.id });
  forgetSessions();
  return deleted.length;
}
