import { and, eq, isNull } from 'drizzle-orm';
import { AUDIT_STATUS, CER_STATUS } from '../../contracts/certification';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { certifications } from '../db/schema';
import { AppError } from '../errors';
import { lockCertificationSubject, type SubjectKey } from './lock-certification-subject';
import { setCertificationMirror } from './set-certification-mirror';

/**
 * Files a submission for review (0 → 1): refused with 409 while one is pending or once the subject is certified
 * (docs/product/companies.md#states has no way back from 2). Returns the new submission's id.
 */
export async function openCertification(key: SubjectKey, details: Record<string, unknown>, now: Date): Promise<number> {
  return getDb().transaction(async (tx) => {
    const mirror = await lockCertificationSubject(tx, key);
    if (mirror === null) throw new AppError(ERROR.empty);
    if (mirror === CER_STATUS.certified) throw new AppError(ERROR.conflict, { message: 'Already certified' });
    const subjectMatch =
      key.subject === 'personal'
        ? and(eq(certifications.subject, 'personal'), eq(certifications.userId, key.userId), isNull(certifications.companyId))
        : and(eq(certifications.subject, 'company'), eq(certifications.companyId, key.companyId ?? -1));
    const [pending] = await tx
      .select({ id: certifications.id })
      .from(certifications)
      .where(and(subjectMatch, eq(certifications.auditStatus, AUDIT_STATUS.pending)))
      .limit(1);
    if (pending) throw new AppError(ERROR.conflict, { message: 'A submission is already pending review' });
    const [created] = await tx
      .insert(certifications)
      .values({ subject: key.subject, userId: key.userId, companyId: key.companyId, auditStatus: AUDIT_STATUS.pending, details, submittedAt: now })
      .returning({ id: certifications.id });
    if (!created) throw new Error('certification insert returned no row');
    await setCertificationMirror(tx, key, CER_STATUS.pending, now);
    return created.id;
  });
}
