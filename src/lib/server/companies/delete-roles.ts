import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companyRoles } from '../db/schema';
import { forgetSessions } from '../identity/session-cache';
import { assertHoldsCodes, codesOfRoles, type CompanyActor } from './company-actor';

/**
 * Deletes the listed roles that belong to the company (others' ids are ignored); members lose them at once. A role
 * holding codes the actor lacks is not theirs to take away.
 */
export async function deleteRoles(companyId: number, actor: CompanyActor, roleIds: number[]): Promise<number> {
  const db = getDb();
  const removed = await db.transaction(async (tx) => {
    assertHoldsCodes(actor, await codesOfRoles(companyId, roleIds, tx));
    const deleted = await tx
      .delete(companyRoles)
      .where(and(eq(companyRoles.companyId, companyId), inArray(companyRoles.id, roleIds)))
      .returning({ id: companyRoles.id });
    return deleted.length;
  });
  forgetSessions();
  return removed;
}
