import { and, desc, eq } from 'drizzle-orm';
import { COMPANY_ADMIN, companyDetailsSchema, type CompanyCertification } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { certifications, companies } from '../db/schema';
import { AppError } from '../errors';

/**
 * The current company's certification (docs/product/companies.md#calls real-name/auth/detail/org). Every member may see the status and the
 * outcome; the submitted identifiers are for the company's administrators only. No current company: 404.
 */
export async function findCompanyCertification(session: SessionContext): Promise<CompanyCertification> {
  const { company } = session;
  if (!company) throw new AppError(ERROR.empty, { message: 'No current company' });
  const db = getDb();
  const [current] = await db.select({ status: companies.corpCerStatus }).from(companies).where(eq(companies.id, company.id)).limit(1);
  if (!current) throw new AppError(ERROR.empty);
  const [row] = await db
    .select()
    .from(certifications)
    .where(and(eq(certifications.subject, 'company'), eq(certifications.companyId, company.id)))
    .orderBy(desc(certifications.id))
    .limit(1);
  const isAdmin = session.permissions.includes(COMPANY_ADMIN);
  return {
    companyId: company.id,
    status: current.status,
    record: row
      ? {
          id: row.id,
          auditStatus: row.auditStatus,
          submittedAt: row.submittedAt.toISOString(),
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          rejectReason: row.rejectReason,
          applicantId: row.userId,
          details: isAdmin ? companyDetailsSchema.parse(row.details) : null,
        }
      : null,
  };
}
