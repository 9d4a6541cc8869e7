import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companies, supplierApplications, users } from '../db/schema';

/** Join-us applications in one state, newest first, for the platform administrators' review page. */
export async function listSupplierApplications(status: number, limit = 100) {
  return getDb()
    .select({
      id: supplierApplications.id,
      companyName: companies.orgName,
      applicant: users.account,
      details: supplierApplications.details,
      submittedAt: supplierApplications.submittedAt,
      rejectReason: supplierApplications.rejectReason,
    })
    .from(supplierApplications)
    .innerJoin(companies, eq(companies.id, supplierApplications.companyId))
    .innerJoin(users, eq(users.id, supplierApplications.userId))
    .where(eq(supplierApplications.status, status))
    .orderBy(desc(supplierApplications.id))
    .limit(limit);
}
