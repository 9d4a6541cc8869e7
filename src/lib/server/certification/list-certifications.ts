import { asc, count, desc, eq } from 'drizzle-orm';
import { AUDIT_STATUS, companyDetailsSchema, personalDetailsSchema, type ReviewItem, type ReviewListQuery } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { certifications, companies, users } from '../db/schema';
import { requirePlatformAdmin } from './require-platform-admin';

/**
 * Submissions in one state for the platform's reviewers, with what was submitted in full (the reviewer has to
 * compare the numbers with the documents). Pending ones oldest first, the order they are worked through; the
 * others newest first.
 */
export async function listCertifications(session: SessionContext, query: ReviewListQuery): Promise<{ records: ReviewItem[]; total: number }> {
  requirePlatformAdmin(session);
  const db = getDb();
  const where = eq(certifications.auditStatus, query.status);
  const order = query.status === AUDIT_STATUS.pending ? asc(certifications.id) : desc(certifications.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: certifications, account: users.account, userName: users.name, companyName: companies.orgName })
      .from(certifications)
      .innerJoin(users, eq(users.id, certifications.userId))
      .leftJoin(companies, eq(companies.id, certifications.companyId))
      .where(where)
      .orderBy(order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(certifications).where(where),
  ]);
  const records = rows.map(({ row, account, userName, companyName }): ReviewItem => ({
    id: row.id,
    subject: row.subject,
    auditStatus: row.auditStatus,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    applicant: { id: row.userId, account, name: userName },
    company: row.companyId !== null && companyName !== null ? { id: row.companyId, name: companyName } : null,
    personal: row.subject === 'personal' ? personalDetailsSchema.parse(row.details) : null,
    corporate: row.subject === 'company' ? companyDetailsSchema.parse(row.details) : null,
  }));
  return { records, total: counted?.total ?? 0 };
}
