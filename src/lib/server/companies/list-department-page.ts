import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { DepartmentRow } from '../../contracts/companies';
import { getDb } from '../db/client';
import { departments, memberDepartments } from '../db/schema';
import { containsPattern } from '../db/contains-pattern';

export interface DepartmentPageQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  parentId?: number | null | undefined;
  status?: 0 | 1 | undefined;
}

/**
 * A page of a company's departments as a flat list (docs/product/companies.md#calls pageAuthOrganizes), siblings by
 * sort then name, each with how many members it holds: for pickers and tables that page through a large tree.
 */
export async function listDepartmentPage(companyId: number, query: DepartmentPageQuery): Promise<{ records: DepartmentRow[]; total: number }> {
  const filters: SQL[] = [eq(departments.companyId, companyId)];
  if (query.keyword) filters.push(ilike(departments.name, containsPattern(query.keyword)));
  if (query.parentId === null) filters.push(isNull(departments.parentId));
  else if (query.parentId !== undefined) filters.push(eq(departments.parentId, query.parentId));
  if (query.status !== undefined) filters.push(eq(departments.status, query.status));
  const where = and(...filters);
  const db = getDb();
  const members = db
    .select({ departmentId: memberDepartments.departmentId, n: count().as('n') })
    .from(memberDepartments)
    .where(eq(memberDepartments.companyId, companyId))
    .groupBy(memberDepartments.departmentId)
    .as('members');
  const [records, [total]] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name, parentId: departments.parentId, status: departments.status, sort: departments.sort, memberCount: sql<number>`coalesce(${members.n}, 0)::int` })
      .from(departments)
      .leftJoin(members, eq(members.departmentId, departments.id))
      .where(where)
      .orderBy(asc(departments.sort), asc(departments.name), asc(departments.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(departments).where(where),
  ]);
  return { records, total: total?.n ?? 0 };
}
