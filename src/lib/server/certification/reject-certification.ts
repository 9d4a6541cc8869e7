import { AUDIT_STATUS, CER_STATUS } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { requirePlatformAdmin } from './require-platform-admin';
import { transitionCertification } from './transition-certification';
import { notifyUsers } from '../notifications/notify-users';

/** A platform administrator rejects a pending submission with a reason the applicant reads, on the page and in their news: 1 → 3, mirror back to 0. */
export async function rejectCertification(session: SessionContext, id: number, reason: string, now: Date = new Date()): Promise<void> {
  requirePlatformAdmin(session);
  await transitionCertification(
    id,
    {
      to: AUDIT_STATUS.rejected,
      mirror: CER_STATUS.uncertified,
      reviewerId: session.user.id,
      rejectReason: reason,
      allowed: () => true,
      then: async (tx, row) => {
        await notifyUsers(tx, [row.userId], { kind: 'certification-rejected', companyId: row.companyId, params: { certification: row.subject, reason } });
      },
    },
    now,
  );
}
