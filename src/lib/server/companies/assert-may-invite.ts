import { and, eq } from 'drizzle-orm';
import { CER_STATUS } from '../../contracts/certification';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyUpgrades } from '../db/schema';
import { AppError } from '../errors';

/**
 * Whether the company may invite (docs/product/companies.md#invitations): a personal company has one member by
 * definition (100403); an enterprise anyone made for themselves by upgrading may invite only once a platform
 * administrator has certified it, since until then nobody has checked who it claims to be (400007, the company gate).
 */
export async function assertMayInvite(companyId: number): Promise<void> {
  const db = getDb();
  const [company] = await db.select({ isPersonal: companies.isPersonal, cerStatus: companies.corpCerStatus }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company || company.isPersonal) throw new AppError(ERROR.authError, { message: 'A personal company has no other members' });
  if (company.cerStatus === CER_STATUS.certified) return;
  const [upgraded] = await db.select({ id: companyUpgrades.id }).from(companyUpgrades).where(and(eq(companyUpgrades.companyId, companyId), eq(companyUpgrades.status, 2))).limit(1);
  if (upgraded) throw new AppError(ERROR.notCertified, { message: 'validation.inviteNeedsCertification', data: { gate: 'company' } });
}
