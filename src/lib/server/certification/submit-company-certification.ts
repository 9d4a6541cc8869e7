import { COMPANY_ADMIN, type CompanyCertificationInput, type CompanyDetails } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { openCertification } from './open-certification';

/**
 * An administrator of the current company asks for the company to be certified (docs/product/companies.md#calls POST real-name/auth/org):
 * 0 → 1 pending review. Only the current company: the session says which company the caller works in.
 */
export async function submitCompanyCertification(session: SessionContext, input: CompanyCertificationInput, now: Date = new Date()): Promise<{ id: number }> {
  const { company } = session;
  if (!company || !session.permissions.includes(COMPANY_ADMIN)) throw new AppError(ERROR.authError, { data: { permission: COMPANY_ADMIN } });
  const details: CompanyDetails = { ...input };
  return { id: await openCertification({ subject: 'company', userId: session.user.id, companyId: company.id }, details, now) };
}
