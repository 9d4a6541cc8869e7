import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyPackages, packages } from '../db/schema';

export interface ActiveGrant {
  perms: string[];
  resources: Record<string, number>;
}

/** What the company's unexpired packages grant; an expired package grants nothing, whatever its row says. */
export async function listActiveGrants(db: Pick<Database, 'select'>, companyId: number, now: Date): Promise<ActiveGrant[]> {
  return db
    .select({ perms: packages.perms, resources: packages.resources })
    .from(companyPackages)
    .innerJoin(packages, eq(packages.id, companyPackages.packageId))
    .where(and(eq(companyPackages.companyId, companyId), gt(companyPackages.expireTime, now)));
}
