import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, companyRoles, memberRoles } from '../db/schema';
import { AppError } from '../errors';

/**
 * Who manages a company's roles and members, as their session says: whether they are its administrator and the codes
 * they hold there. Managing (FUN006) is not a way up: nobody hands out more than they hold, and nobody acts on a
 * member above them (docs/product/companies.md#granting).
 */
export interface CompanyActor {
  userId: number;
  isAdmin: boolean;
  permissions: readonly string[];
}

type Db = Pick<ReturnType<typeof getDb>, 'select'>;

/** Refuses codes the actor does not hold (410403, the missing codes in `data.permissions`). */
export function assertHoldsCodes(actor: CompanyActor, codes: Iterable<string>): void {
  const missing = [...new Set(codes)].filter((code) => !actor.permissions.includes(code)).sort();
  if (missing.length) throw new AppError(ERROR.permissionNotHeld, { message: 'validation.permissionNotHeld', data: { permissions: missing } });
}

/** The codes of the company's roles with these ids (ids of other companies count for nothing). */
export async function codesOfRoles(companyId: number, roleIds: number[], db: Db = getDb()): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ permissions: companyRoles.permissions }).from(companyRoles).where(and(eq(companyRoles.companyId, companyId), inArray(companyRoles.id, roleIds)));
  return rows.flatMap((r) => r.permissions);
}

/**
 * Refuses (411403) when any of the members is above the actor: the company's administrator, or holding through their
 * roles a code the actor lacks. The company's administrators keep full power over everyone.
 */
export async function assertOutranks(companyId: number, actor: CompanyActor, userIds: number[], db: Db = getDb()): Promise<void> {
  if (actor.isAdmin || userIds.length === 0) return;
  const outranks = () => new AppError(ERROR.memberOutranks, { message: 'validation.memberOutranks' });
  const admins = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.userId, userIds), eq(companyMembers.isAdmin, true)))
    .limit(1);
  if (admins.length) throw outranks();
  const held = await db
    .select({ permissions: companyRoles.permissions })
    .from(memberRoles)
    .innerJoin(companyRoles, eq(companyRoles.id, memberRoles.roleId))
    .where(and(eq(memberRoles.companyId, companyId), inArray(memberRoles.userId, userIds)));
  if (held.some((r) => r.permissions.some((code) => !actor.permissions.includes(code)))) throw outranks();
}
