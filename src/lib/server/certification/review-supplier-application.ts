import { and, eq } from 'drizzle-orm';
import { SUPPLIER_APPLICATION_STATUS } from '../../contracts/certification';
import { USER_TYPE } from '../../constants';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, supplierApplications } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { forgetListings } from '../materials/listing-cache';
import { notifyUsers } from '../notifications/notify-users';

/**
 * A platform administrator decides a join-us application: approving makes the company a supplier (company role 2,
 * so its supplier screens open); rejecting records the reason. Either way the applicant hears of it in their news.
 * Only a pending application can be decided (409).
 */
export async function reviewSupplierApplication(id: number, decision: { approve: true } | { approve: false; reason: string }, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [decided] = await tx
      .update(supplierApplications)
      .set({
        status: decision.approve ? SUPPLIER_APPLICATION_STATUS.approved : SUPPLIER_APPLICATION_STATUS.rejected,
        reviewedAt: now,
        rejectReason: decision.approve ? null : decision.reason,
      })
      .where(and(eq(supplierApplications.id, id), eq(supplierApplications.status, SUPPLIER_APPLICATION_STATUS.pending)))
      .returning({ companyId: supplierApplications.companyId, userId: supplierApplications.userId });
    if (!decided) {
      const [exists] = await tx.select({ id: supplierApplications.id }).from(supplierApplications).where(eq(supplierApplications.id, id)).limit(1);
      throw exists ? new AppError(ERROR.conflict, { message: 'The application is not pending' }) : new AppError(ERROR.empty);
    }
    if (decision.approve) await tx.update(companies).set({ role: USER_TYPE.supplier }).where(eq(companies.id, decided.companyId));
    await notifyUsers(tx, [decided.userId], {
      kind: decision.approve ? 'supplier-approved' : 'supplier-rejected',
      companyId: decided.companyId,
      params: decision.approve ? {} : { reason: decision.reason },
    });
  });
  forgetSessions();
  forgetListings();
}
