import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { MembershipApp } from '../../contracts/membership';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { apps, companyApps } from '../db/schema';
import { computeAppStatus } from './compute-app-status';

/** The app catalogue with each app's open status for one company (docs/product/companies.md#data app open status), in the caller's language. */
export async function listApps(companyId: number, lang: Lang, now: Date = new Date(), only?: { appId: number }): Promise<MembershipApp[]> {
  const conditions: SQL[] = only ? [eq(apps.id, only.appId)] : [];
  const rows = await getDb()
    .select({ app: apps, status: companyApps.status, requestedAt: companyApps.requestedAt, openedAt: companyApps.openedAt, expireTime: companyApps.expireTime })
    .from(apps)
    // The company is part of the join, not the filter: every app is listed, with this company's row or none.
    .leftJoin(companyApps, and(eq(companyApps.appId, apps.id), eq(companyApps.companyId, companyId)))
    .where(and(...conditions))
    .orderBy(asc(apps.sort), asc(apps.id));
  return rows.map(({ app, status, requestedAt, openedAt, expireTime }) => ({
    id: app.id,
    code: app.code,
    name: lang === 'en' ? app.nameEn : app.nameCn,
    description: lang === 'en' ? app.descriptionEn : app.descriptionCn,
    requiresReview: app.requiresReview,
    status: computeAppStatus(status === null ? null : { status, expireTime }, now),
    requestedAt: requestedAt?.toISOString() ?? null,
    openedAt: openedAt?.toISOString() ?? null,
    expireTime: expireTime?.toISOString() ?? null,
  }));
}
