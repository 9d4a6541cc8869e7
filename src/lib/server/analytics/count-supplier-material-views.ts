import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, rangeDays, type InsightsRange } from '../../contracts/insights';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';

/** Views counted once per session, material and UTC day. */
export const ONE_VIEW_A_DAY = sql`count(distinct (session_id, properties->>'materialId', (received_at at time zone 'UTC')::date))`;

export type SupplierMaterialViews = {
  days: { day: string; views: number }[];
  total: number;
  sessions: number;
  materials: { materialId: number; name: string | null; views: number }[];
};

/**
 * Detail views of one supplier's materials per UTC day of the range, and its most viewed materials (docs/product/insights.md#the-suppliers-slice),
 * not counting its own people's; `name` is null for a material that no longer exists. A session's views of one
 * material in one UTC day are one view: reloading a page, or replaying its event, adds nothing.
 */
export async function countSupplierMaterialViews(companyId: number, range: InsightsRange, options: { limit: number; lang: Lang }): Promise<SupplierMaterialViews> {
  const { start, end } = rangeBounds(range);
  const db = getDb();
  // Written as the partial index is, so the planner reads only this supplier's views.
  const own = sql`from analytics_events
    where event = ${USAGE_EVENTS.materialView} and properties->>'supplierId' = ${String(companyId)} and received_at >= ${start} and received_at < ${end}
      and company_id is distinct from ${companyId}`;
  const [{ rows: days }, { rows: materials }] = await Promise.all([
    db.execute<{ day: string | null; views: number; sessions: number }>(sql`
      select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${ONE_VIEW_A_DAY}::int as views, count(distinct session_id)::int as sessions
      ${own}
      group by grouping sets ((1), ())`),
    db.execute<{ material_id: string; name: string | null; views: number }>(sql`
      select v.material_id, ${options.lang === 'en' ? sql`coalesce(nullif(m.name_en, ''), m.name_cn)` : sql`m.name_cn`} as name, v.views
      from (
        select (properties->>'materialId')::bigint as material_id, ${ONE_VIEW_A_DAY}::int as views
        ${own} and properties->>'materialId' ~ '^[0-9]{1,15}$'
        group by 1 order by views desc, material_id limit ${options.limit}
      ) v
      left join materials m on m.id = v.material_id and m.company_id = ${companyId}
      order by v.views desc, v.material_id`),
  ]);
  const byDay = new Map(days.filter((r) => r.day !== null).map((r) => [r.day, r.views]));
  const all = days.find((r) => r.day === null);
  return {
    days: rangeDays(range).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
    total: all?.views ?? 0,
    sessions: all?.sessions ?? 0,
    materials: materials.map((r) => ({ materialId: Number(r.material_id), name: r.name, views: r.views })),
  };
}
