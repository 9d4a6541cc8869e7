import { sql } from 'drizzle-orm';
import { rangeBounds, type FunnelStep, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type FunnelFigure = {
  step: FunnelStep;
  /** Lines for `added` and `requested`, requests from `accepted` on. */
  count: number;
  /** The share of the step before that reached this one; null for the first step or when the one before is 0. */
  fromPrevious: number | null;
  /** The median time from the step before, in seconds; null when no one took it. */
  medianSeconds: number | null;
};
export type SampleFunnel = { steps: FunnelFigure[]; requests: number };

/**
 * The sample funnel of the lines (a material in one color) that entered a sample bag in the range, followed to
 * today (docs/product/insights.md#the-sample-funnel): how many were requested, and of the requests holding them how
 * many the supplier accepted and shipped and the buyer received, with the share that went on at each step and the
 * median time it took. From the sampling tables and the requests' timelines, not from usage events, so opting out
 * of usage events does not hide a request. `supplierCompanyId` limits it to one supplier's materials.
 */
export async function measureSampleFunnel(range: InsightsRange, options: { supplierCompanyId?: number } = {}): Promise<SampleFunnel> {
  const { start, end } = rangeBounds(range);
  const supplier = options.supplierCompanyId;
  const db = getDb();
  const at = (state: string) => sql`(select min(e.at) from sample_request_events e where e.request_id = r.id and e.state = ${state})`;
  const [{ rows: added }, { rows: flow }] = await Promise.all([
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from sample_bag_adds
      where at >= ${start} and at < ${end} ${supplier !== undefined ? sql`and supplier_company_id = ${supplier}` : sql``}`),
    db.execute<{ lines: number; to_request: number | null; requests: number; accepted: number; shipped: number; received: number; to_accept: number | null; to_ship: number | null; to_receive: number | null }>(sql`
      with lines as (
        select i.request_id, i.added_to_bag_at as added, r.created_at as requested
        from sample_request_items i join sample_requests r on r.id = i.request_id
        where i.added_to_bag_at >= ${start} and i.added_to_bag_at < ${end} ${supplier !== undefined ? sql`and r.supplier_company_id = ${supplier}` : sql``}
      ),
      reqs as (
        select r.created_at as requested, ${at('accepted')} as accepted, ${at('shipped')} as shipped, ${at('received')} as received
        from sample_requests r where r.id in (select request_id from lines)
      )
      select
        (select count(*)::int from lines) as lines,
        (select percentile_cont(0.5) within group (order by extract(epoch from requested - added)) from lines) as to_request,
        count(*)::int as requests, count(accepted)::int as accepted, count(shipped)::int as shipped, count(received)::int as received,
        percentile_cont(0.5) within group (order by extract(epoch from accepted - requested)) as to_accept,
        percentile_cont(0.5) within group (order by extract(epoch from shipped - accepted)) as to_ship,
        percentile_cont(0.5) within group (order by extract(epoch from received - shipped)) as to_receive
      from reqs`),
  ]);
  const f = flow[0];
  const seconds = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Math.max(0, Math.round(Number(v))));
  const raw: Omit<FunnelFigure, 'fromPrevious'>[] = [
    { step: 'added', count: added[0]?.n ?? 0, medianSeconds: null },
    { step: 'requested', count: f?.lines ?? 0, medianSeconds: seconds(f?.to_request) },
    { step: 'accepted', count: f?.accepted ?? 0, medianSeconds: seconds(f?.to_accept) },
    { step: 'shipped', count: f?.shipped ?? 0, medianSeconds: seconds(f?.to_ship) },
    { step: 'received', count: f?.received ?? 0, medianSeconds: seconds(f?.to_receive) },
  ];
  const requests = f?.requests ?? 0;
  // Requested lines go on as requests: acceptance is a share of the requests, not of their lines.
  const before = (i: number) => (i === 2 ? requests : (raw[i - 1]?.count ?? 0));
  return {
    requests,
    steps: raw.map((s, i) => ({ ...s, fromPrevious: i === 0 || before(i) === 0 ? null : s.count / before(i) })),
  };
}
