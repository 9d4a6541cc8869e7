import { and, count, eq, sql } from 'drizzle-orm';
import { UPGRADE_COMPANY_MAX } from '../../contracts/company-rules';
import type { CompanyUpgrade, UpgradeDetails, UpgradeDetailsView } from '../../contracts/companies';
import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyUpgrades } from '../db/schema';
import { AppError } from '../errors';

/** Upgrading starts from the personal company: the session must be working in it. */
export function assertInPersonalCompany(session: SessionContext): void {
  if (!session.company?.isPersonal) throw new AppError(ERROR.conflict, { message: 'validation.upgradeFromPersonal' });
}

/** How many enterprise companies the user has created by upgrading; at `UPGRADE_COMPANY_MAX` no more. */
export async function assertUpgradeAllowed(userId: number, db: Pick<ReturnType<typeof getDb>, 'select'> = getDb()): Promise<void> {
  const [made] = await db.select({ n: count() }).from(companyUpgrades).where(and(eq(companyUpgrades.userId, userId), eq(companyUpgrades.status, 2)));
  if ((made?.n ?? 0) >= UPGRADE_COMPANY_MAX) throw new AppError(ERROR.conflict, { message: 'validation.upgradeLimit' });
}

/** The details as they are kept and answered: every field present. */
function view(input: UpgradeDetails): UpgradeDetailsView {
  return {
    orgName: input.orgName,
    nameEn: input.nameEn ?? null,
    addressCountry: input.addressCountry ?? null,
    addressProvince: input.addressProvince ?? null,
    addressCity: input.addressCity ?? null,
    addressDistrict: input.addressDistrict ?? null,
    completeAddress: input.completeAddress ?? null,
    bizModel: input.bizModel ?? null,
    corpType: input.corpType ?? null,
    bizScope: input.bizScope ?? [],
    bizScopeRemark: input.bizScopeRemark ?? null,
    mainProducts: input.mainProducts ?? [],
    coBranding: input.coBranding ?? null,
    establishedYear: input.establishedYear ?? null,
    introduction: input.introduction ?? null,
    mobile: input.mobile,
    email: input.email ?? null,
  };
}

/**
 * Fills in the enterprise a personal company upgrades to (docs/product/companies.md#upgrading-to-an-enterprise): the
 * user's one draft, replaced whole by each call, until it is submitted. Only from the personal company, and only
 * while the user may still create one.
 */
export async function saveCompanyUpgrade(session: SessionContext, input: UpgradeDetails, now: Date = new Date()): Promise<CompanyUpgrade> {
  assertInPersonalCompany(session);
  await assertUpgradeAllowed(session.user.id);
  const details = view(input);
  const [draft] = await getDb()
    .insert(companyUpgrades)
    .values({ userId: session.user.id, details, status: 1, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: companyUpgrades.userId, targetWhere: sql`${companyUpgrades.status} = 1`, set: { details, updatedAt: now } })
    .returning({ details: companyUpgrades.details, updatedAt: companyUpgrades.updatedAt });
  if (!draft) throw new Error('upgrade draft write returned no row');
  return { status: 'draft', details: draft.details, updatedAt: draft.updatedAt.toISOString(), companyId: null };
}
