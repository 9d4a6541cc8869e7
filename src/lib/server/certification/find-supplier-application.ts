import { desc, eq } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import type { SupplierApplication } from '../../contracts/certification';
import { getDb } from '../db/client';
import { supplierApplications } from '../db/schema';

/** The current company's latest join-us application (docs/product/companies.md#calls supplier-enter/detail), for any of its members; null if none. */
export async function findSupplierApplication(session: SessionContext): Promise<SupplierApplication> {
  if (!session.company) return null;
  const [row] = await getDb()
    .select()
    .from(supplierApplications)
    .where(eq(supplierApplications.companyId, session.company.id))
    .orderBy(desc(supplierApplications.id))
    .limit(1);
  if (!row) return null;
  const details = row.details;
  return {
    id: row.id,
    companyId: row.companyId,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    details: {
      contactName: String(details.contactName ?? ''),
      contactPhone: String(details.contactPhone ?? ''),
      mainProducts: Array.isArray(details.mainProducts) ? details.mainProducts.map(String) : [],
      introduction: typeof details.introduction === 'string' ? details.introduction : null,
    },
  };
}
