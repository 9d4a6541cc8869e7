import { and, eq } from 'drizzle-orm';
import { COMPANY_ADMIN, SUPPLIER_APPLICATION_STATUS, type SupplierEnterInput } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { USER_TYPE } from '../../constants';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, supplierApplications } from '../db/schema';
import { AppError } from '../errors';

/**
 * The current company asks to join as a supplier (docs/product/companies.md#calls supplier-enter), by one of its administrators. One pending
 * application at a time, and none once the company is a supplier (409). The company row is locked so two
 * administrators submitting at once file one application.
 */
export async function submitSupplierApplication(session: SessionContext, input: SupplierEnterInput, now: Date = new Date()): Promise<{ id: number }> {
  const { company } = session;
  if (!company || !session.permissions.includes(COMPANY_ADMIN)) throw new AppError(ERROR.authError, { data: { permission: COMPANY_ADMIN } });
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select({ role: companies.role }).from(companies).where(eq(companies.id, company.id)).for('update');
    if (!current) throw new AppError(ERROR.empty);
    if (current.role === USER_TYPE.supplier) throw new AppError(ERROR.conflict, { message: 'The company is already a supplier' });
    const [pending] = await tx
      .select({ id: supplierApplications.id })
      .from(supplierApplications)
      .where(and(eq(supplierApplications.companyId, company.id), eq(supplierApplications.status, SUPPLIER_APPLICATION_STATUS.pending)))
      .limit(1);
    if (pending) throw new AppError(ERROR.conflict, { message: 'An application is already pending review' });
    const [created] = await tx
      .insert(supplierApplications)
      .values({
        companyId: company.id,
        userId: session.user.id,
        status: SUPPLIER_APPLICATION_STATUS.pending,
        details: { contactName: input.contactName, contactPhone: input.contactPhone, mainProducts: input.mainProducts, introduction: input.introduction || null },
        submittedAt: now,
      })
      .returning({ id: supplierApplications.id });
    if (!created) throw new Error('supplier application insert returned no row');
    return created;
  });
}
