import { and, eq, inArray } from 'drizzle-orm';
import { ENTERPRISE_LIBRARY_APP } from '../../contracts/enterprise-library-rules';
import { APP_STATUS } from '../../contracts/membership';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { apps, companyApps } from '../db/schema';
import { AppError } from '../errors';
import { computeAppStatus } from '../membership/compute-app-status';

/**
 * Which of these companies have a library (docs/product/enterprise-library.md#who-may-use-it): their enterprise
 * library app is open, not pending and not past its term.
 */
export async function companiesWithLibrary(companyIds: readonly number[], now: Date = new Date()): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await getDb()
    .select({ companyId: companyApps.companyId, status: companyApps.status, expireTime: companyApps.expireTime })
    .from(companyApps)
    .innerJoin(apps, eq(apps.id, companyApps.appId))
    .where(and(eq(apps.code, ENTERPRISE_LIBRARY_APP), inArray(companyApps.companyId, [...companyIds])));
  return new Set(rows.filter((r) => computeAppStatus(r, now) === APP_STATUS.opened).map((r) => r.companyId));
}

export async function isLibraryOpen(companyId: number, now: Date = new Date()): Promise<boolean> {
  return (await companiesWithLibrary([companyId], now)).has(companyId);
}

/** A company without the app open has no library: its calls answer as for something that does not exist. */
export async function assertLibraryOpen(companyId: number, now: Date = new Date()): Promise<void> {
  if (!(await isLibraryOpen(companyId, now))) throw new AppError(ERROR.empty, { message: 'validation.libraryNotOpen' });
}
