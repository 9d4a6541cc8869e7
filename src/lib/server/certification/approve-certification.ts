import { eq } from 'drizzle-orm';
import { AUDIT_STATUS, CER_STATUS, companyDetailsSchema, personalDetailsSchema } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { companies, users } from '../db/schema';
import { requirePlatformAdmin } from './require-platform-admin';
import { transitionCertification } from './transition-certification';
import { forgetSessions } from '../identity/session-cache';
import { forgetListings } from '../materials/listing-cache';
import { notifyUsers } from '../notifications/notify-users';

/**
 * A platform administrator certifies a pending submission: 1 → 2, the mirror becomes 2.
 *
 * The reviewed names become the profile's: docs/product/companies.md#states shows a company's own name and logo only once it is certified (the
 * membership's otherwise), and what is certified is the legal name just checked, so the company takes it as its
 * name, with the code and licence number it was certified under; a person's real name is recorded the same way.
 * Later edits of a certified company's name are refused (customer/org/save), so the shown name stays the
 * certified one.
 */
export async function approveCertification(session: SessionContext, id: number, now: Date = new Date()): Promise<void> {
  requirePlatformAdmin(session);
  await transitionCertification(
    id,
    {
      to: AUDIT_STATUS.certified,
      mirror: CER_STATUS.certified,
      reviewerId: session.user.id,
      allowed: () => true,
      then: async (tx, row) => {
        if (row.subject === 'personal') {
          const { realName } = personalDetailsSchema.parse(row.details);
          await tx.update(users).set({ realName, updatedAt: now }).where(eq(users.id, row.userId));
        } else if (row.companyId !== null) {
          const details = companyDetailsSchema.parse(row.details);
          await tx
            .update(companies)
            .set({ orgName: details.legalName, socialCreditCode: details.socialCreditCode, businessLicenceNo: details.businessLicenceNo })
            .where(eq(companies.id, row.companyId));
        }
        await notifyUsers(tx, [row.userId], { kind: 'certification-approved', companyId: row.companyId, params: { certification: row.subject } });
      },
    },
    now,
  );
  forgetSessions();
  forgetListings();
}
