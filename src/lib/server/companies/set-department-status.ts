import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { departments } from '../db/schema';
import { AppError } from '../errors';

/** Enables (1) or disables (0) one of the company's departments (docs/product/companies.md#calls organize/status/change). */
export async function setDepartmentStatus(companyId: number, id: number, status: 0 | 1): Promise<void> {
  const updated = await getDb().update(departments).set({ status }).where(and(eq(departments.id, id), eq(departments.companyId, companyId))).returning({ id: departments.id });
  if (updated.length === 0) throw new AppError(ERROR.empty, { message: 'No such department in this company' });
}
