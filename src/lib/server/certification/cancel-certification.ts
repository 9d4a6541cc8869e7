import { AUDIT_STATUS, CER_STATUS } from '../../contracts/certification';
import { transitionCertification } from './transition-certification';

/**
 * The applicant withdraws a pending submission (§4 cancel, §7 real-name/auth/cancel/{id}): 1 → cancelled, and the
 * subject is uncertified again. Someone else's submission is "not found"; one that is no longer pending is a 409.
 */
export async function cancelCertification(userId: number, id: number, now: Date = new Date()): Promise<void> {
  await transitionCertification(id, { to: AUDIT_STATUS.cancelled, mirror: CER_STATUS.uncertified, allowed: (row) => row.userId === userId }, now);
}
