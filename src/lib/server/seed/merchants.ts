import { and, eq, inArray } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { renderBanner, renderLogo, textureKindForCategory } from './textures';
import { storeImage } from '../images/store-image';
import type { Database } from '../db/client';
import { companies, merchantProfiles } from '../db/schema';
import { CITY_NAMES, DEMO_SUPPLIER_TRADES, MERCHANTS, TRADE_CATEGORIES, TRADE_SCOPE, type Trade } from './merchants-data';

const BRAND_COLORS = ['#8b5a2b', '#1f3a93', '#2e7d32', '#c8102e', '#6a1b9a', '#00838f', '#ef6c00', '#37474f', '#ad1457', '#5d4037'];

const INTRODUCTION: Readonly<Record<Trade, readonly [string, string]>> = {
  tannery: ['专业生产鞋面革与箱包革，自有鞣制与涂饰车间，年产能三百万平方英尺，为国内外运动与休闲品牌供货。', 'Makes shoe-upper and bag leathers in its own tanning and finishing plant, three million square feet a year, for sports and casual brands at home and abroad.'],
  synthetics: ['专注环保型 PU 与超纤材料研发，拥有干法、湿法生产线各四条，可按品牌色卡快速打样。', 'Develops eco PU and microfiber materials on four dry and four wet lines, and matches brand color cards quickly.'],
  suede: ['绒面与磨砂皮专业厂，磨革与染色工艺稳定，适合休闲鞋、靴子与箱包。', 'A suede and nubuck specialist with steady buffing and dyeing, for casual shoes, boots and bags.'],
  weaving: ['梭织面料工厂，覆盖尼龙、涤纶与混纺，提供涂层、防泼水与复合加工。', 'A woven-fabric mill in nylon, polyester and blends, with coating, DWR and laminating.'],
  denim: ['一体化牛仔布工厂，从纺纱、染色到织造和后整理全流程自有。', 'An integrated denim mill: spinning, dyeing, weaving and finishing in house.'],
  knitting: ['专业生产飞织鞋面、空气层与三明治网布，电脑横机三百台。', 'Makes flyknit uppers, spacer and sandwich meshes on three hundred computerised flat and warp machines.'],
  lace: ['原创花边设计与织造，涵盖水溶、睫毛与经编蕾丝。', 'Designs and weaves original lace: chemical, eyelash and warp-knit.'],
  soles: ['鞋底研发制造一体，橡胶、EVA、TPU 与 PU 大底全覆盖。', 'Develops and makes outsoles in rubber, EVA, TPU and PU.'],
  trims: ['鞋服辅料一站式供应：鞋带、织带、鞋眼扣、拉链与商标。', 'One-stop trims: laces, webbing, eyelets, zips and labels.'],
};

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
    const [province] = CITY_NAMES[m.city] ?? [m.province];
    const [company] = await db
      .insert(companies)
      .values({
        orgName: m.orgName,
        nameEn: m.nameEn,
        isPersonal: false,
        role: USER_TYPE.supplier,
        corpCerStatus: 2,
        addressCountry: 'CN',
        addressProvince: province,
        addressCity: m.city,
        bizModel: index % 5 === 4 ? 'trader' : 'manufacturer',
        corpType: index % 7 === 3 ? 'joint-stock' : 'limited',
        bizScope: [TRADE_SCOPE[m.trade]],
        mainProducts: mainProducts(m.trade),
        establishedYear: m.established,
        introduction: INTRODUCTION[m.trade][0],
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
    const [province] = CITY_NAMES[city] ?? ['CN-GD'];
    await db
      .update(companies)
      .set({ addressCountry: 'CN', addressProvince: province, addressCity: city, bizModel: 'manufacturer', corpType: 'limited', bizScope: [TRADE_SCOPE[trade]], mainProducts: mainProducts(trade), establishedYear: 2008, introduction: INTRODUCTION[trade][0] })
      .where(eq(companies.id, company.id));
    const initials = (company.nameEn ?? 'MM').split(' ')[1]?.slice(0, 2).toUpperCase() ?? 'MM';
    await addProfile(db, company.id, 40 + company.id, trade, initials, true, '演示供应商：欢迎询样', 'Demo supplier: ask us for samples');
    inserted += 1;
  }
  return inserted;
}

async function addProfile(db: Database, companyId: number, index: number, trade: Trade, initials: string, choiceness: boolean, sloganCn: string, sloganEn: string) {
  const color = BRAND_COLORS[index % BRAND_COLORS.length] ?? '#37474f';
  const kind = textureKindForCategory(TRADE_CATEGORIES[trade][0] ?? 'woven');
  const [logo, banner] = await Promise.all([
    renderLogo(initials, color, index).then((b) => storeImage(b, { companyId })),
    renderBanner(color, kind, index).then((b) => storeImage(b, { companyId })),
  ]);
  await db
    .insert(merchantProfiles)
    .values({ companyId, logoImageId: logo.id, bannerImageId: banner.id, sloganCn, sloganEn, isChoiceness: choiceness ? 1 : 0, sort: index })
    .onConflictDoNothing();
}

function mainProducts(trade: Trade): string[] {
  switch (trade) {
    case 'tannery':
    case 'suede':
      return ['leather-shoes', 'boots', 'bags'];
    case 'denim':
    case 'lace':
      return ['apparel'];
    case 'soles':
      return ['sports-shoes', 'casual-shoes'];
    default:
      return ['sports-shoes', 'casual-shoes', 'apparel'];
  }
}
