import { eq } from 'drizzle-orm';
import { CER_STATUS, COMPANY_ADMIN } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import type { OrgSaveInput } from '../../contracts/identity-profile';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { forgetListings } from '../materials/listing-cache';

/**
 * An administrator (FUN012) edits the current company's profile (docs/product/companies.md#calls customer/org/save); the company is always the
 * session's, never one named by the client. Absent fields stay as they are.
 *
 * A certified company's name is the legal name its certification checked (docs/product/companies.md#states shows it only because it is
 * certified), so renaming it is refused; the row is locked so an approval landing meanwhile cannot be overwritten.
 */
export async function saveCompanyProfile(session: SessionContext, input: OrgSaveInput): Promise<{ id: number }> {
  const { company } = session;
  if (!company || !session.permissions.includes(COMPANY_ADMIN)) throw new AppError(ERROR.authError, { data: { permission: COMPANY_ADMIN } });
  const saved = await getDb().transaction(async (tx) => {
    const [current] = await tx.select({ orgName: companies.orgName, status: companies.corpCerStatus }).from(companies).where(eq(companies.id, company.id)).for('update');
    if (!current) throw new AppError(ERROR.empty);
    if (input.orgName !== undefined && input.orgName !== current.orgName && current.status === CER_STATUS.certified) {
      const message = 'validation.lockedByCertification';
      throw new AppError(ERROR.fieldInvalid, { message, fields: [{ field: 'orgName', message }] });
    }
    // Drizzle leaves undefined keys out of the update; with none left there is nothing to write.
    if (Object.values(input).some((value) => value !== undefined)) await tx.update(companies).set(input).where(eq(companies.id, company.id));
    return { id: company.id };
  });
  forgetSessions();
  forgetListings();
  return saved;
}
