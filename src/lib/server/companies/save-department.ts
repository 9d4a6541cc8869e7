import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { departments } from '../db/schema';
import { AppError } from '../errors';

const badParent = () => new AppError(ERROR.fieldInvalid, { message: 'validation.invalidValue', fields: [{ field: 'parentId', message: 'validation.invalidValue' }] });

/**
 * Creates a department, or updates one of the company's own (`id`). The parent must be the company's own and may
 * not be the department itself or one of its descendants (no cycles).
 */
export async function saveDepartment(companyId: number, input: { id?: number; name: string; parentId: number | null; sort: number }): Promise<{ id: number }> {
  const db = getDb();
  if (input.parentId !== null) {
    const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(eq(departments.companyId, companyId));
    const parentOf = new Map(all.map((d) => [d.id, d.parentId]));
    if (!parentOf.has(input.parentId)) throw badParent();
    // Walk up from the new parent: meeting the department itself means a cycle.
    for (let at: number | null | undefined = input.parentId; at !== null && at !== undefined; at = parentOf.get(at)) {
      if (at === input.id) throw badParent();
    }
  }
  const values = { name: input.name, parentId: input.parentId, sort: input.sort };
  if (input.id === undefined) {
    const [created] = await db.insert(departments).values({ companyId, ...values }).returning({ id: departments.id });
    if (!created) throw new Error('department insert returned no row');
    return created;
  }
  const [updated] = await db.update(departments).set(values).where(and(eq(departments.id, input.id), eq(departments.companyId, companyId))).returning({ id: departments.id });
  if (!updated) throw new AppError(ERROR.empty, { message: 'No such department in this company' });
  return updated;
}
