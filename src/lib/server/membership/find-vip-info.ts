import { desc, eq } from 'drizzle-orm';
import type { VipInfo } from '../../contracts/membership';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companyPackages, packages } from '../db/schema';
import { listResourceQuotas } from './list-resource-quotas';

/**
 * A company's membership (docs/product/companies.md#data VIP / package): VIP while at least one package is unexpired. The name and expiry
 * shown are the highest tier's (packages sort by tier), so a company holding a trial and a professional package
 * is shown as professional.
 */
export async function findVipInfo(companyId: number, lang: Lang, now: Date = new Date()): Promise<VipInfo> {
  const rows = await getDb()
    .select({
      id: companyPackages.id,
      packageId: packages.id,
      code: packages.code,
      nameCn: packages.nameCn,
      nameEn: packages.nameEn,
      sort: packages.sort,
      perms: packages.perms,
      startedAt: companyPackages.startedAt,
      expireTime: companyPackages.expireTime,
    })
    .from(companyPackages)
    .innerJoin(packages, eq(packages.id, companyPackages.packageId))
    .where(eq(companyPackages.companyId, companyId))
    .orderBy(desc(companyPackages.expireTime), desc(companyPackages.id));

  const active = rows.filter((r) => r.expireTime > now);
  const main = [...active].sort((a, b) => b.sort - a.sort || b.expireTime.getTime() - a.expireTime.getTime())[0];
  const name = (r: { nameCn: string; nameEn: string }) => (lang === 'en' ? r.nameEn : r.nameCn);

  return {
    isVIP: main !== undefined,
    packageName: main ? name(main) : null,
    expireTime: main ? main.expireTime.toISOString() : null,
    packages: rows.map((r) => ({
      id: r.id,
      packageId: r.packageId,
      code: r.code,
      name: name(r),
      startedAt: r.startedAt.toISOString(),
      expireTime: r.expireTime.toISOString(),
      expired: r.expireTime <= now,
    })),
    perms: [...new Set(active.flatMap((r) => r.perms))].sort(),
    resources: await listResourceQuotas(companyId, now),
  };
}
