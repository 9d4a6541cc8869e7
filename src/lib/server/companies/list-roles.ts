import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Role } from '../../contracts/companies';
import { getDb } from '../db/client';
import { companyRoles, memberRoles } from '../db/schema';

/** One page of a company's roles, newest first, with how many members hold each (docs/product/companies.md#calls pageAuthAppRoles). */
export async function listRoles(companyId: number, page: number, size: number, keyword?: string): Promise<{ records: Role[]; total: number }> {
  const db = getDb();
  const where = and(eq(companyRoles.companyId, companyId), keyword ? ilike(companyRoles.name, `%${keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(companyRoles).where(where);
  const rows = await db
    .select({
      id: companyRoles.id,
      orgId: companyRoles.companyId,
      name: companyRoles.name,
      description: companyRoles.description,
      permissions: companyRoles.permissions,
      memberCount: sql<number>`(select count(*)::int from ${memberRoles} where ${memberRoles.roleId} = ${companyRoles.id})`,
      createdAt: companyRoles.createdAt,
      modifiedAt: companyRoles.modifiedAt,
    })
    .from(companyRoles)
    .where(where)
    .orderBy(desc(companyRoles.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    total,
    records: rows.map(({ createdAt, modifiedAt, ...r }) => ({ ...r, gmtCreateTime: createdAt.toISOString(), gmtModifyTime: modifiedAt.toISOString() })),
  };
}
