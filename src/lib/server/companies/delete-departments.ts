import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { departments } from '../db/schema';
import { AppError } from '../errors';

/** Deletes the company's listed departments; one that still has sub-departments (not also deleted) is refused. */
export async function deleteDepartments(companyId: number, ids: number[]): Promise<number> {
  const db = getDb();
  const [child] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.parentId, ids), notInArray(departments.id, ids)))
    .limit(1);
  if (child) throw new AppError(ERROR.conflict, { message: 'Delete or move its sub-departments first' });
  const deleted = await db.delete(departments).where(and(eq(departments.companyId, companyId), inArray(departments.id, ids))).returning({ id: departments.id });
  return deleted.length;
}
