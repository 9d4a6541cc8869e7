import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import { APP_STATUS, APP_TERM_DAYS, type MembershipApp } from '../../contracts/membership';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { apps, companyApps } from '../db/schema';
import { AppError } from '../errors';
import { addDays } from './add-days';
import { findApp } from './find-app';

/**
 * Opens an app for the company (the caller has checked FUN012): an app that needs review waits for a platform
 * administrator (2), any other is open at once (3) for APP_TERM_DAYS. Only a company that does not hold it live
 * can open it: not opened, or expired. Pending or open is 100409.
 *
 * One upsert decides, so two administrators clicking at once get one success and one conflict.
 */
export async function openApp(companyId: number, appId: number, lang: Lang, now: Date = new Date()): Promise<MembershipApp> {
  const db = getDb();
  const [app] = await db.select({ requiresReview: apps.requiresReview }).from(apps).where(eq(apps.id, appId));
  if (!app) throw new AppError(ERROR.empty, { message: 'No such app' });

  const opened = !app.requiresReview;
  const values = {
    status: opened ? APP_STATUS.opened : APP_STATUS.pending,
    requestedAt: now,
    openedAt: opened ? now : null,
    expireTime: opened ? addDays(now, APP_TERM_DAYS) : null,
  };
  const reopenable = or(
    eq(companyApps.status, APP_STATUS.notOpened),
    eq(companyApps.status, APP_STATUS.expired),
    and(eq(companyApps.status, APP_STATUS.opened), isNotNull(companyApps.expireTime), lte(companyApps.expireTime, now)),
  );
  const [row] = await db
    .insert(companyApps)
    .values({ companyId, appId, ...values })
    .onConflictDoUpdate({ target: [companyApps.companyId, companyApps.appId], set: values, setWhere: reopenable })
    .returning({ status: companyApps.status });
  if (!row) throw new AppError(ERROR.conflict, { message: 'The app is already open or waiting for review' });
  return findApp(companyId, appId, lang, now);
}
