import type { PersonalCertificationInput, PersonalDetails } from '../../contracts/certification';
import { openCertification } from './open-certification';

/** A person asks to be certified (docs/product/companies.md#calls POST real-name/auth): 0 → 1 pending review. */
export async function submitPersonalCertification(userId: number, input: PersonalCertificationInput, now: Date = new Date()): Promise<{ id: number }> {
  const details: PersonalDetails = { realName: input.realName, idType: input.idType, idNumber: input.idNumber, note: input.note || null };
  return { id: await openCertification({ subject: 'personal', userId, companyId: null }, details, now) };
}
