import { sql } from 'drizzle-orm';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type PageErrors = { page: string; errors: number; traces: number; sessions: number; lastCode: number | null; lastMessage: string; lastAt: string };
export type ClientErrorCounts = { total: number; pages: PageErrors[] };

/**
 * Failures browsers reported in the range, per page, the most first: how many, how many different traces and
 * sessions, and the latest one's code and message (docs/product/insights.md#the-error-log).
 */
export async function countClientErrors(range: InsightsRange, options: { limit: number }): Promise<ClientErrorCounts> {
  const { start, end } = rangeBounds(range);
  const db = getDb();
  const within = sql`from client_errors where received_at >= ${start} and received_at < ${end}`;
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<{ page: string; errors: number; traces: number; sessions: number; last: [number | null, string, string] }>(sql`
      select page, count(*)::int as errors, count(distinct trace_hash)::int as traces, count(distinct session_id)::int as sessions,
        (array_agg(json_build_array(code, message, received_at) order by received_at desc, id desc))[1] as last
      ${within}
      group by page
      order by errors desc, page
      limit ${options.limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${within}`),
  ]);
  return {
    total: totals[0]?.n ?? 0,
    pages: rows.map((r) => ({ page: r.page, errors: r.errors, traces: r.traces, sessions: r.sessions, lastCode: r.last[0], lastMessage: r.last[1], lastAt: new Date(r.last[2]).toISOString() })),
  };
}
