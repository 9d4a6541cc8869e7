import { and, eq, or, sql } from 'drizzle-orm';
import type { PermissionCode } from '../../permission-codes';
import type { Database, Tx } from '../db/client';
import { companyMembers, companyRoles, memberRoles } from '../db/schema';

/** However large a company, one event tells at most this many of its members. */
const MAX_RECIPIENTS = 200;

/**
 * The members of a company who hear of an event in it (docs/product/news.md#who-hears): its administrators and,
 * given a permission, the members whose roles grant it. Members a company administrator has disabled hear nothing.
 */
export async function listCompanyRecipients(tx: Tx | Database, companyId: number, permission?: PermissionCode): Promise<number[]> {
  const holdsPermission = permission
    ? sql`exists (select 1 from ${memberRoles} join ${companyRoles} on ${companyRoles.id} = ${memberRoles.roleId}
        where ${memberRoles.companyId} = ${companyMembers.companyId} and ${memberRoles.userId} = ${companyMembers.userId}
        and ${permission} = any(${companyRoles.permissions}))`
    : undefined;
  const rows = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.forbidden, false), or(eq(companyMembers.isAdmin, true), holdsPermission)))
    .orderBy(companyMembers.joinedAt)
    .limit(MAX_RECIPIENTS);
  return rows.map((r) => r.userId);
}
