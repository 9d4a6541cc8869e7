import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companies, companyPackages, packages } from '../db/schema';
import { listCompanyRecipients } from './list-company-recipients';
import { notifyUsers } from './notify-users';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before a package ends its company's administrators hear of it (docs/product/news.md#what-arrives). */
export const EXPIRY_NOTICE_DAYS = 7;

/**
 * Tells the administrators of companies whose membership package ends within a week, and once it has ended (the
 * `notify-membership-expiry` job, every few hours). Each package grant is told of once per kind, however often the
 * job runs; a grant the company has already renewed (a later grant of the same package) is passed over.
 */
export async function notifyMembershipExpiry(now: Date = new Date()): Promise<number> {
  const db = getDb();
  // Inside the subquery the table is only `later`, so the qualified names point at the outer row.
  const renewed = sql`exists (select 1 from ${companyPackages} as later where later.company_id = ${companyPackages.companyId}
    and later.package_id = ${companyPackages.packageId} and later.expire_time > ${companyPackages.expireTime})`;
  const grants = await db
    .select({ id: companyPackages.id, companyId: companyPackages.companyId, expireTime: companyPackages.expireTime, nameCn: packages.nameCn, nameEn: packages.nameEn, companyName: companies.orgName })
    .from(companyPackages)
    .innerJoin(packages, eq(packages.id, companyPackages.packageId))
    .innerJoin(companies, eq(companies.id, companyPackages.companyId))
    .where(
      and(
        gt(companyPackages.expireTime, new Date(now.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS)),
        lte(companyPackages.expireTime, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS)),
        sql`not ${renewed}`,
      ),
    );
  let written = 0;
  for (const grant of grants) {
    const kind = grant.expireTime > now ? 'membership-expiring' : 'membership-expired';
    written += await db.transaction(async (tx) =>
      notifyUsers(tx, await listCompanyRecipients(tx, grant.companyId), {
        kind,
        companyId: grant.companyId,
        params: { packageName: grant.nameCn, packageNameEn: grant.nameEn, expireTime: grant.expireTime.toISOString(), companyName: grant.companyName },
        dedupeKey: `${kind}:${grant.id}`,
      }),
    );
  }
  return written;
}
