import { and, eq, inArray, sql } from 'drizzle-orm';
import { APP_STATUS, APP_TERM_DAYS, UNLIMITED, type ResourceCode } from '../../contracts/membership';
import type { PermissionCode } from '../../permission-codes';
import { addDays } from '../membership/add-days';
import { grantPackage } from '../membership/grant-package';
import type { Database } from '../db/client';
import { apps, companies, companyApps, companyMembers, companyPackages, packages, resourceQuotas, users } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';

type PackageSeed = Omit<typeof packages.$inferInsert, 'id' | 'perms' | 'resources'> & {
  perms: PermissionCode[];
  resources: Record<ResourceCode, number>;
};

/** Three tiers; prices in fen per period. The trial lets a new supplier try every metered function a little. */
export const DEMO_PACKAGES: PackageSeed[] = [
  {
    code: 'FREE_TRIAL',
    nameCn: '免费试用版',
    nameEn: 'Free trial',
    descriptionCn: '30 天体验材料上传、分享和色卡本，适合刚入驻的供应商。',
    descriptionEn: 'Thirty days to try material uploads, shares and color-card books, for suppliers who have just joined.',
    price: 0,
    durationDays: 30,
    perms: ['FUN001', 'FUN003', 'FUN004', 'FUN011'],
    resources: { MATERIAL_UPLOAD: 50, SHARE_CREATE: 20, COLOR_BOOK: 3, MATERIAL_BOOK: 2, EXPORT: 0 },
    sort: 1,
  },
  {
    code: 'STANDARD',
    nameCn: '标准版',
    nameEn: 'Standard',
    descriptionCn: '一年期会员：上架材料、企业主页、材料册和数据导出，满足中小供应商的日常经营。',
    descriptionEn: 'One year of membership: market listings, a company homepage, material books and data export for everyday selling.',
    price: 198_000,
    durationDays: 365,
    perms: ['FUN001', 'FUN002', 'FUN003', 'FUN004', 'FUN007', 'FUN009', 'FUN010', 'FUN011'],
    resources: { MATERIAL_UPLOAD: 1000, SHARE_CREATE: 500, COLOR_BOOK: 50, MATERIAL_BOOK: 20, EXPORT: 100 },
    sort: 2,
  },
  {
    code: 'PROFESSIONAL',
    nameCn: '专业版',
    nameEn: 'Professional',
    descriptionCn: '一年期会员：材料上传、分享和材料册不限量，适合品类丰富、团队协作的大型供应商。',
    descriptionEn: 'One year of membership with unlimited uploads, shares and material books, for large suppliers with whole teams at work.',
    price: 598_000,
    durationDays: 365,
    perms: ['FUN001', 'FUN002', 'FUN003', 'FUN004', 'FUN005', 'FUN006', 'FUN007', 'FUN009', 'FUN010', 'FUN011', 'FUN012'],
    resources: { MATERIAL_UPLOAD: UNLIMITED, SHARE_CREATE: UNLIMITED, COLOR_BOOK: 200, MATERIAL_BOOK: UNLIMITED, EXPORT: 1000 },
    sort: 3,
  },
];

export const DEMO_APPS: Array<Omit<typeof apps.$inferInsert, 'id'>> = [
  {
    code: 'RENDER_3D',
    nameCn: '3D 材质渲染',
    nameEn: '3D material rendering',
    descriptionCn: '上传 4ddat、admf 材质文件，自动生成 3D 渲染图，可推送到 3D 设计软件。开通需平台审核。',
    descriptionEn: 'Upload 4ddat and admf material files to get 3D renderings you can push to 3D design tools. Needs the platform’s review.',
    requiresReview: true,
    sort: 1,
  },
  {
    code: 'MATERIAL_BOOK',
    nameCn: '材料册',
    nameEn: 'Material books',
    descriptionCn: '把材料编排成电子材料册，分享给采购商，支持上架到市场。',
    descriptionEn: 'Arrange materials into digital material books, share them with buyers and publish them on the market.',
    requiresReview: false,
    sort: 2,
  },
  {
    code: 'HOMEPAGE',
    nameCn: '企业主页',
    nameEn: 'Company homepage',
    descriptionCn: '用模板搭建供应商主页，展示企业介绍、主营产品和新品。',
    descriptionEn: 'Build a supplier homepage from templates with your profile, main products and new arrivals.',
    requiresReview: false,
    sort: 3,
  },
  {
    code: 'DATA_EXPORT',
    nameCn: '数据导出',
    nameEn: 'Data export',
    descriptionCn: '将材料数据批量导出为 Excel，便于对接 ERP 和内部系统。',
    descriptionEn: 'Export material data to Excel in bulk for your ERP and in-house systems.',
    requiresReview: false,
    sort: 4,
  },
  {
    code: 'ENTERPRISE_LIBRARY',
    nameCn: '企业材料库',
    nameEn: 'Enterprise library',
    descriptionCn: '与合作品牌共享专属材料库，推送已渲染的材料。开通需平台审核。',
    descriptionEn: 'Share a private material library with partner brands and push rendered materials to it. Needs the platform’s review.',
    requiresReview: true,
    sort: 5,
  },
];

/**
 * The catalogue (packages and apps, by code), then a lived-in membership for the demo supplier's two companies:
 * the standard package, some usage and a few apps. The buyer's personal company gets nothing, so the page for
 * a company without a package can be seen too. Idempotent: catalogue rows are matched by code, and a company
 * that already holds a package is left alone.
 */
export async function seedMembership(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    inserted += (await tx.insert(packages).values(DEMO_PACKAGES).onConflictDoNothing({ target: packages.code }).returning({ id: packages.id })).length;
    inserted += (await tx.insert(apps).values(DEMO_APPS).onConflictDoNothing({ target: apps.code }).returning({ id: apps.id })).length;

    const enterprises = await tx
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(sql`lower(${users.account})`, DEMO_ACCOUNTS.supplier), eq(companies.isPersonal, false)))
      .orderBy(companies.id);
    if (enterprises.length === 0) return inserted;

    const holding = await tx
      .selectDistinct({ companyId: companyPackages.companyId })
      .from(companyPackages)
      .where(inArray(companyPackages.companyId, enterprises.map((e) => e.id)));
    const held = new Set(holding.map((h) => h.companyId));
    const appIds = new Map((await tx.select({ id: apps.id, code: apps.code }).from(apps)).map((a) => [a.code, a.id]));
    const standard = DEMO_PACKAGES.find((p) => p.code === 'STANDARD')?.resources;
    const now = new Date();
    // Bought a few months ago, so the expiry reads like a real one and the usage has had time to grow.
    const startedAt = addDays(now, -75);

    for (const [index, { id: companyId }] of enterprises.entries()) {
      if (held.has(companyId)) continue;
      await grantPackage(companyId, 'STANDARD', { db: tx, startedAt });
      const usage: Array<[ResourceCode, number]> =
        index === 0
          ? [['MATERIAL_UPLOAD', 386], ['SHARE_CREATE', 142], ['COLOR_BOOK', 12], ['MATERIAL_BOOK', 6], ['EXPORT', 17]]
          : [['MATERIAL_UPLOAD', 97], ['SHARE_CREATE', 31], ['COLOR_BOOK', 4]];
      await tx
        .insert(resourceQuotas)
        .values(usage.map(([code, used]) => ({ companyId, code, used, confTotal: standard?.[code] ?? 0 })))
        .onConflictDoNothing();
      // The first company has its enterprise library open (the demo fills it, seed/enterprise-library.ts); the
      // second shows the states the first does not: an app past its term. "Pending" comes from the demo's own review flow.
      const opened = index === 0 ? ['MATERIAL_BOOK', 'HOMEPAGE', 'ENTERPRISE_LIBRARY'] : ['HOMEPAGE', 'RENDER_3D'];
      const rows = opened.flatMap((code) => {
        const appId = appIds.get(code);
        return appId === undefined ? [] : [{ companyId, appId, status: APP_STATUS.opened, requestedAt: startedAt, openedAt: startedAt, expireTime: addDays(startedAt, APP_TERM_DAYS) }];
      });
      const expiredApp = appIds.get('ENTERPRISE_LIBRARY');
      if (index === 1 && expiredApp !== undefined) {
        const longAgo = addDays(now, -(APP_TERM_DAYS + 30));
        rows.push({ companyId, appId: expiredApp, status: APP_STATUS.opened, requestedAt: longAgo, openedAt: longAgo, expireTime: addDays(longAgo, APP_TERM_DAYS) });
      }
      if (rows.length > 0) await tx.insert(companyApps).values(rows).onConflictDoNothing();
      inserted += 1;
    }
    return inserted;
  });
}
