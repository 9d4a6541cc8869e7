import { and, eq } from 'drizzle-orm';
import { AUDIT_STATUS, type AuditStatus } from '../../contracts/certification';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { certifications } from '../db/schema';
import { AppError } from '../errors';
import { lockCertificationSubject, type SubjectKey, type Tx } from './lock-certification-subject';
import { setCertificationMirror } from './set-certification-mirror';

type Row = typeof certifications.$inferSelect;

export interface Transition {
  to: Exclude<AuditStatus, typeof AUDIT_STATUS.pending>;
  /** The subject's status afterwards: 2 when certified, back to 0 otherwise. */
  mirror: number;
  reviewerId?: number;
  rejectReason?: string;
  /** Who may move this submission; anyone else is told it does not exist (no probing for ids). */
  allowed: (row: Row) => boolean;
  /** Further writes in the same transaction, once the move has happened. */
  then?: (tx: Tx, row: Row) => Promise<void>;
}

/**
 * Moves a pending submission (1) to its final state, once: a conditional update under the subject's lock, so an
 * approval and a withdrawal racing each other cannot both happen, and a cancelled, rejected or certified
 * submission never moves again (409). Unknown or not the caller's: 404.
 */
export async function transitionCertification(id: number, t: Transition, now: Date): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(certifications).where(eq(certifications.id, id)).limit(1);
    if (!row || !t.allowed(row)) throw new AppError(ERROR.empty, { message: 'No such submission' });
    const key: SubjectKey = { subject: row.subject, userId: row.userId, companyId: row.companyId };
    await lockCertificationSubject(tx, key);
    const [moved] = await tx
      .update(certifications)
      // A withdrawal is not a review: it leaves the reviewer and review time empty.
      .set({ auditStatus: t.to, reviewedAt: t.reviewerId === undefined ? null : now, reviewerId: t.reviewerId ?? null, rejectReason: t.rejectReason ?? null })
      .where(and(eq(certifications.id, id), eq(certifications.auditStatus, AUDIT_STATUS.pending)))
      .returning();
    if (!moved) throw new AppError(ERROR.conflict, { message: 'The submission is no longer pending' });
    await setCertificationMirror(tx, key, t.mirror, now);
    if (t.then) await t.then(tx, moved);
  });
}
