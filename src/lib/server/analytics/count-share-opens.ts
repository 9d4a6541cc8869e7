import { sql } from 'drizzle-orm';
import { rangeDays, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type ShareOpens = { days: { day: string; opens: number }[]; total: number; byKind: { kind: string; opens: number; shares: number }[] };

/**
 * Share landings opened per UTC day of the range (`share_view_days`, which never counts the sharer), and per kind
 * of share. `supplierCompanyId` keeps the shares of that company's materials, as the supplier dashboard counts them
 * (docs/product/supplier.md#dashboard): a material or materials share naming one, or a color-card share of one's card.
 */
export async function countShareOpens(range: InsightsRange, options: { supplierCompanyId?: number } = {}): Promise<ShareOpens> {
  const company = options.supplierCompanyId;
  const own =
    company === undefined
      ? sql``
      : sql`and (
          exists (select 1 from jsonb_array_elements_text(s.material_ids) as e(id) join materials m on m.id = e.id::bigint where m.company_id = ${company})
          or exists (select 1 from color_cards cc join materials m on m.id = cc.material_id where cc.id = s.color_card_id and m.company_id = ${company})
        )`;
  const { rows } = await getDb().execute<{ day: string | null; kind: string | null; opens: number; shares: number }>(sql`
    select d.day::text as day, s.kind, sum(d.views)::int as opens, count(distinct s.id)::int as shares
    from share_view_days d join shares s on s.id = d.share_id
    where d.day >= ${range.from}::date and d.day <= ${range.to}::date ${own}
    group by grouping sets ((d.day), (s.kind), ())`);
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day, r.opens]));
  return {
    days: rangeDays(range).map((day) => ({ day, opens: byDay.get(day) ?? 0 })),
    total: rows.find((r) => r.day === null && r.kind === null)?.opens ?? 0,
    byKind: rows
      .filter((r) => r.kind !== null)
      .map((r) => ({ kind: r.kind ?? '', opens: r.opens, shares: r.shares }))
      .sort((a, b) => b.opens - a.opens || a.kind.localeCompare(b.kind)),
  };
}
