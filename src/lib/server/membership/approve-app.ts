import { and, eq } from 'drizzle-orm';
import { APP_STATUS, APP_TERM_DAYS, type MembershipApp } from '../../contracts/membership';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companyApps } from '../db/schema';
import { AppError } from '../errors';
import { addDays } from './add-days';
import { findApp } from './find-app';

/**
 * A platform administrator approves a company's pending app (2 → 3); the term starts at approval, not at the
 * request. Nothing pending is 100404 when the company never asked, 100409 when it is in another state.
 */
export async function approveApp(companyId: number, appId: number, lang: Lang, now: Date = new Date()): Promise<MembershipApp> {
  const db = getDb();
  const where = and(eq(companyApps.companyId, companyId), eq(companyApps.appId, appId));
  const [row] = await db
    .update(companyApps)
    .set({ status: APP_STATUS.opened, openedAt: now, expireTime: addDays(now, APP_TERM_DAYS) })
    .where(and(where, eq(companyApps.status, APP_STATUS.pending)))
    .returning({ appId: companyApps.appId });
  if (!row) {
    const [exists] = await db.select({ status: companyApps.status }).from(companyApps).where(where);
    if (!exists) throw new AppError(ERROR.empty, { message: 'The company has not asked for this app' });
    throw new AppError(ERROR.conflict, { message: 'The app is not waiting for review' });
  }
  return findApp(companyId, appId, lang, now);
}
