import { asc, eq } from 'drizzle-orm';
import { APP_STATUS, type PendingApp } from '../../contracts/membership';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { apps, companies, companyApps } from '../db/schema';

/** Companies' app requests waiting for review, oldest first (for platform administrators), at most `limit`. */
export async function listPendingApps(lang: Lang, limit = 200): Promise<PendingApp[]> {
  const rows = await getDb()
    .select({
      companyId: companyApps.companyId,
      companyName: companies.orgName,
      appId: apps.id,
      nameCn: apps.nameCn,
      nameEn: apps.nameEn,
      requestedAt: companyApps.requestedAt,
    })
    .from(companyApps)
    .innerJoin(apps, eq(apps.id, companyApps.appId))
    .innerJoin(companies, eq(companies.id, companyApps.companyId))
    .where(eq(companyApps.status, APP_STATUS.pending))
    .orderBy(asc(companyApps.requestedAt))
    .limit(limit);
  return rows.map((r) => ({
    companyId: r.companyId,
    companyName: r.companyName,
    appId: r.appId,
    appName: lang === 'en' ? r.nameEn : r.nameCn,
    requestedAt: r.requestedAt.toISOString(),
  }));
}
