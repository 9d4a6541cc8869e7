import { and, eq, inArray } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { renderBanner, renderLogo, textureKindForCategory } from './textures';
import { storeImage } from '../images/store-image';
import type { Database } from '../db/client';
import { companies, merchantProfiles } from '../db/schema';
import { CITY_NAMES, DEMO_SUPPLIER_TRADES, MERCHANTS, TRADES, type Trade } from './merchants-data';

const BRAND_COLORS = ['#8b5a2b', '#1f3a93', '#2e7d32', '#c8102e', '#6a1b9a', '#00838f', '#ef6c00', '#37474f', '#ad1457', '#5d4037'];

/**
 * The demo merchants: about forty supplier companies with business information, a generated logo and banner, and
 * the platform's picks. Companies that exist (by name) keep their data; the two demo supplier companies gain a
 * merchant profile.
 */
export async function seedMerchants(db: Database): Promise<number> {
  const names = MERCHANTS.map((m) => m.orgName);
  const existing = new Set((await db.select({ name: companies.orgName }).from(companies).where(inArray(companies.orgName, names))).map((r) => r.name));
  let inserted = 0;
  for (const [index, m] of MERCHANTS.entries()) {
    if (existing.has(m.orgName)) continue;
    const [company] = await db
      .insert(companies)
      .values({
        orgName: m.orgName,
        nameEn: m.nameEn,
        isPersonal: false,
        role: USER_TYPE.supplier,
        corpCerStatus: 2,
        ...businessProfile(m.trade, m.city, {
          established: m.established,
          bizModel: index % 5 === 4 ? 'trader' : 'manufacturer',
          corpType: index % 7 === 3 ? 'joint-stock' : 'limited',
        }),
        mobile: `400-820-${String(1000 + index * 37).padStart(4, '0')}`,
        email: `sales@${m.nameEn.split(' ')[1]?.toLowerCase() ?? 'supplier'}.example`,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('company insert returned no row');
    await addProfile(db, company.id, index, m.trade, m.initials, m.choiceness, m.sloganCn, m.sloganEn);
    inserted += 1;
  }
  // The demo accounts' supplier companies become merchants too.
  for (const [orgName, { trade, city }] of Object.entries(DEMO_SUPPLIER_TRADES)) {
    const [company] = await db.select({ id: companies.id, nameEn: companies.nameEn }).from(companies).where(and(eq(companies.orgName, orgName), eq(companies.isPersonal, false)));
    if (!company) continue;
    const [profile] = await db.select({ id: merchantProfiles.companyId }).from(merchantProfiles).where(eq(merchantProfiles.companyId, company.id));
    if (profile) continue;
    await db
      .update(companies)
      .set(businessProfile(trade, city, { established: 2008, bizModel: 'manufacturer', corpType: 'limited' }))
      .where(eq(companies.id, company.id));
    const initials = (company.nameEn ?? 'MM').split(' ')[1]?.slice(0, 2).toUpperCase() ?? 'MM';
    await addProfile(db, company.id, 40 + company.id, trade, initials, true, '演示供应商：欢迎询样', 'Demo supplier: ask us for samples');
    inserted += 1;
  }
  return inserted;
}

async function addProfile(db: Database, companyId: number, index: number, trade: Trade, initials: string, choiceness: boolean, sloganCn: string, sloganEn: string) {
  const color = BRAND_COLORS[index % BRAND_COLORS.length] ?? '#37474f';
  const kind = textureKindForCategory(TRADES[trade].categories[0] ?? 'woven');
  const [logo, banner] = await Promise.all([
    renderLogo(initials, color, index).then((b) => storeImage(b, { companyId })),
    renderBanner(color, kind, index).then((b) => storeImage(b, { companyId })),
  ]);
  await db
    .insert(merchantProfiles)
    .values({ companyId, logoImageId: logo.id, bannerImageId: banner.id, sloganCn, sloganEn, isChoiceness: choiceness ? 1 : 0, sort: index })
    .onConflictDoNothing();
}

/** The business information a merchant shows: what its trade makes, where it is, and how it is set up. */
function businessProfile(trade: Trade, city: string, setUp: { established: number; bizModel: string; corpType: string }) {
  const [province] = CITY_NAMES[city] ?? ['CN-GD'];
  const { scope, mainProducts, introduction } = TRADES[trade];
  return {
    addressCountry: 'CN',
    addressProvince: province,
    addressCity: city,
    bizModel: setUp.bizModel,
    corpType: setUp.corpType,
    bizScope: [scope],
    mainProducts: [...mainProducts],
    establishedYear: setUp.established,
    introduction: introduction[0],
  };
}
