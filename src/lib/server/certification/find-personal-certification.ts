import { and, desc, eq } from 'drizzle-orm';
import { maskIdNumber, personalDetailsSchema, type PersonalCertification } from '../../contracts/certification';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { certifications, users } from '../db/schema';
import { AppError } from '../errors';

/**
 * The user's personal certification (docs/product/companies.md#calls real-name/auth/detail): the mirror status and the latest submission,
 * whatever became of it (a rejected one carries the reason the applicant needs). Only ever the caller's own: there
 * is no id to ask for, so nobody can read another person's submission through it. The ID number comes back masked.
 */
export async function findPersonalCertification(userId: number): Promise<PersonalCertification> {
  const db = getDb();
  const [user] = await db.select({ status: users.personalCerStatus }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ERROR.empty);
  const [row] = await db
    .select()
    .from(certifications)
    .where(and(eq(certifications.subject, 'personal'), eq(certifications.userId, userId)))
    .orderBy(desc(certifications.id))
    .limit(1);
  if (!row) return { status: user.status, record: null };
  const details = personalDetailsSchema.parse(row.details);
  return {
    status: user.status,
    record: {
      id: row.id,
      auditStatus: row.auditStatus,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
      details: { ...details, idNumber: maskIdNumber(details.idNumber) },
    },
  };
}
