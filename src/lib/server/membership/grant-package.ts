import { eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb, type Database } from '../db/client';
import { companyPackages, packages } from '../db/schema';
import { AppError } from '../errors';
import { addDays } from './add-days';

/**
 * Gives a company a package from `startedAt` for the package's duration. Payment is out of scope: this is what
 * a sale, a trial or the demo seed ends in. Holding several packages adds their quotas up.
 */
export async function grantPackage(
  companyId: number,
  packageCode: string,
  options: { db?: Pick<Database, 'select' | 'insert'>; startedAt?: Date } = {},
): Promise<{ id: number; expireTime: Date }> {
  const db = options.db ?? getDb();
  const startedAt = options.startedAt ?? new Date();
  const [pkg] = await db.select({ id: packages.id, durationDays: packages.durationDays }).from(packages).where(eq(packages.code, packageCode));
  if (!pkg) throw new AppError(ERROR.empty, { message: `No package ${packageCode}` });
  const expireTime = addDays(startedAt, pkg.durationDays);
  const [row] = await db.insert(companyPackages).values({ companyId, packageId: pkg.id, startedAt, expireTime }).returning({ id: companyPackages.id });
  if (!row) throw new Error('company package insert returned no row');
  return { id: row.id, expireTime };
}
