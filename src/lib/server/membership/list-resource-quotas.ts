import { eq } from 'drizzle-orm';
import type { ResourceQuota } from '../../contracts/membership';
import { getDb } from '../db/client';
import { resourceQuotas } from '../db/schema';
import { listActiveGrants } from './list-active-grants';
import { sumQuotaTotals } from './sum-quota-totals';

/**
 * The company's quotas (docs/product/companies.md#data Resource quota): totals from its unexpired packages, usage from resource_quotas.
 * The conf_total stored beside the usage is only the total at the last consume; packages expire without
 * touching that row, so it is recomputed here rather than trusted.
 */
export async function listResourceQuotas(companyId: number, now: Date = new Date()): Promise<ResourceQuota[]> {
  const db = getDb();
  const [grants, usage] = await Promise.all([
    listActiveGrants(db, companyId, now),
    db.select({ code: resourceQuotas.code, used: resourceQuotas.used }).from(resourceQuotas).where(eq(resourceQuotas.companyId, companyId)),
  ]);
  const totals = sumQuotaTotals(grants.map((g) => g.resources));
  const used = new Map(usage.map((u) => [u.code, u.used]));
  // Usage of a resource no package grants any more still shows, against a total of 0.
  for (const code of used.keys()) if (!totals.has(code)) totals.set(code, 0);
  return [...totals].map(([code, confTotal]) => ({ code, confTotal, used: used.get(code) ?? 0 }));
}
