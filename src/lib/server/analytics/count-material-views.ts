import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { ONE_VIEW_A_DAY } from './count-supplier-material-views';

export type SupplierViews = { supplierId: number; name: string | null; views: number; materials: number; sessions: number };
export type MaterialViews = { total: number; suppliers: SupplierViews[] };

/**
 * Material detail views in the range per supplier, most viewed first, with how many of its materials were opened
 * and by how many sessions; `name` is null for a company that no longer exists. A supplier's own people looking at
 * its materials are not counted, and a session's views of one material in a UTC day are one view. Ids come from
 * events anyone can send, so only digits are read as one.
 */
export async function countMaterialViews(range: InsightsRange, options: { limit: number; lang: Lang }): Promise<MaterialViews> {
  const { start, end } = rangeBounds(range);
  const db = getDb();
  const views = sql`
    from analytics_events
    where event = ${USAGE_EVENTS.materialView} and received_at >= ${start} and received_at < ${end}
      and properties->>'supplierId' ~ '^[0-9]{1,15}$'
      and company_id is distinct from (case when properties->>'supplierId' ~ '^[0-9]{1,15}$' then (properties->>'supplierId')::bigint end)`;
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<{ supplier_id: string; name: string | null; views: number; materials: number; sessions: number }>(sql`
      select v.supplier_id, ${options.lang === 'en' ? sql`coalesce(nullif(c.name_en, ''), c.org_name)` : sql`c.org_name`} as name, v.views, v.materials, v.sessions
      from (
        select (properties->>'supplierId')::bigint as supplier_id, ${ONE_VIEW_A_DAY}::int as views,
          count(distinct properties->>'materialId')::int as materials, count(distinct session_id)::int as sessions
        ${views}
        group by 1
        order by views desc, supplier_id
        limit ${options.limit}
      ) v
      left join companies c on c.id = v.supplier_id
      order by v.views desc, v.supplier_id`),
    db.execute<{ n: number }>(sql`select ${ONE_VIEW_A_DAY}::int as n ${views}`),
  ]);
  return {
    total: totals[0]?.n ?? 0,
    suppliers: rows.map((r) => ({ supplierId: Number(r.supplier_id), name: r.name, views: r.views, materials: r.materials, sessions: r.sessions })),
  };
}
