import { AUDIT_STATUS, CER_STATUS } from '../../contracts/certification';
import { transitionCertification } from './transition-certification';

/**
 * The applicant withdraws a pending submission (docs/product/companies.md#states cancel, docs/product/companies.md#calls real-name/auth/cancel/{id}): 1 → cancelled, and the
 * subject is uncertified again. Someone else's submission is "not found"; one that is no longer pending is a 409.
 */
export async function cancelCertification(userId: number, id: number, now: Date = new Date()): Promise<void> {
  await transitionCertification(id, { to: AUDIT_STATUS.cancelled, mirror: CER_STATUS.uncertified, allowed: (row) => row.userId === userId }, now);
}
