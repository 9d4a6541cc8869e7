import { asc, eq } from 'drizzle-orm';
import type { DepartmentNode } from '../../contracts/companies';
import { getDb } from '../db/client';
import { departments } from '../db/schema';

/** A company's departments as a tree, siblings by sort then name (docs/product/companies.md#calls listAuthOrganizes). */
export async function listDepartments(companyId: number): Promise<DepartmentNode[]> {
  const rows = await getDb()
    .select({ id: departments.id, name: departments.name, parentId: departments.parentId, status: departments.status, sort: departments.sort })
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(asc(departments.sort), asc(departments.name));
  const nodes = new Map<number, DepartmentNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
