import { eq } from 'drizzle-orm';
import { CER_STATUS, COMPANY_ADMIN } from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import type { CompanyProfile } from '../../contracts/identity-profile';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../errors';

/**
 * A company's profile (docs/product/companies.md#calls customer/org/info/{id|current}). Members read all of it. Anyone else reads a certified
 * company's public profile (what merchant pages show) without its identifiers and contact fields; an uncertified
 * company they do not belong to is "not found". Editing is for an administrator, and only in the current company.
 */
export async function findCompanyProfile(session: SessionContext, id: number | 'current'): Promise<CompanyProfile> {
  const companyId = id === 'current' ? session.company?.id : id;
  if (companyId === undefined) throw new AppError(ERROR.empty, { message: 'No current company' });
  const [row] = await getDb().select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const isMember = session.companies.some((c) => c.id === companyId);
  if (!row || (!isMember && row.corpCerStatus !== CER_STATUS.certified)) throw new AppError(ERROR.empty, { message: 'No such company' });
  const canEdit = session.company?.id === companyId && session.permissions.includes(COMPANY_ADMIN);
  return {
    id: row.id,
    orgId: row.id,
    orgName: row.orgName,
    nameEn: row.nameEn,
    logo: row.logo,
    isPersonal: row.isPersonal,
    role: row.role,
    corpCerStatus: row.corpCerStatus,
    addressCountry: row.addressCountry,
    addressProvince: row.addressProvince,
    addressCity: row.addressCity,
    addressDistrict: row.addressDistrict,
    completeAddress: row.completeAddress,
    bizModel: row.bizModel,
    corpType: row.corpType,
    bizScope: row.bizScope,
    bizScopeRemark: row.bizScopeRemark,
    mainProducts: row.mainProducts,
    coBranding: row.coBranding,
    establishedYear: row.establishedYear,
    introduction: row.introduction,
    mobile: isMember ? row.mobile : null,
    email: isMember ? row.email : null,
    socialCreditCode: isMember ? row.socialCreditCode : null,
    businessLicenceNo: isMember ? row.businessLicenceNo : null,
    isMember,
    canEdit,
  };
}
