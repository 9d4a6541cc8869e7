import { and, eq } from 'drizzle-orm';
import type { SessionCompany, SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyMembers, companyUpgrades } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from '../identity/session-cache';
import { selectCompany } from '../identity/select-company';
import { forgetListings } from '../materials/listing-cache';
import { assertInPersonalCompany, assertUpgradeAllowed } from './save-company-upgrade';

/**
 * Submits the user's upgrade (docs/product/companies.md#upgrading-to-an-enterprise): a new enterprise company is made
 * from the draft, with the user as its administrator and the personal company's role (a supplier's stays a supplier),
 * and the calling session moves into it. The personal company stays as it is, with everything in it: every user
 * keeps one.
 */
export async function submitCompanyUpgrade(session: SessionContext, token: string, now: Date = new Date()): Promise<{ company: SessionCompany }> {
  assertInPersonalCompany(session);
  const personalRole = session.company?.role ?? 0;
  const company = await getDb().transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: companyUpgrades.id, details: companyUpgrades.details })
      .from(companyUpgrades)
      .where(and(eq(companyUpgrades.userId, session.user.id), eq(companyUpgrades.status, 1)))
      .for('update');
    if (!draft) throw new AppError(ERROR.empty, { message: 'validation.upgradeNoDraft' });
    await assertUpgradeAllowed(session.user.id, tx);
    const d = draft.details;
    const [created] = await tx
      .insert(companies)
      .values({
        orgName: d.orgName,
        nameEn: d.nameEn,
        isPersonal: false,
        role: personalRole,
        addressCountry: d.addressCountry,
        addressProvince: d.addressProvince,
        addressCity: d.addressCity,
        addressDistrict: d.addressDistrict,
        completeAddress: d.completeAddress,
        bizModel: d.bizModel,
        corpType: d.corpType,
        bizScope: d.bizScope,
        bizScopeRemark: d.bizScopeRemark,
        mainProducts: d.mainProducts,
        coBranding: d.coBranding,
        establishedYear: d.establishedYear,
        introduction: d.introduction,
        mobile: d.mobile,
        email: d.email,
      })
      .returning();
    if (!created) throw new Error('company insert returned no row');
    await tx.insert(companyMembers).values({ companyId: created.id, userId: session.user.id, isAdmin: true, joinedAt: now });
    await tx.update(companyUpgrades).set({ status: 2, companyId: created.id, submittedAt: now, updatedAt: now }).where(eq(companyUpgrades.id, draft.id));
    return created;
  });
  forgetSessions();
  forgetListings();
  await selectCompany(token, session.user.id, company.id, now);
  return { company: { id: company.id, name: company.orgName, logo: company.logo, isCompanyAdmin: true, isPersonal: false, corpCerStatus: company.corpCerStatus, role: company.role } };
}
