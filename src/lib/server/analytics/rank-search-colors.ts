import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type SearchColor = { hex: string; searches: number; noResult: number };

/**
 * The colors searched for most in the range, as upper-case hex without `#`. Anyone can send an event, so only a
 * well-formed hex is counted: the dashboard paints it.
 */
export async function rankSearchColors(range: InsightsRange, options: { limit: number }): Promise<SearchColor[]> {
  const { start, end } = rangeBounds(range);
  const { rows } = await getDb().execute<{ hex: string; searches: number; no_result: number }>(sql`
    select upper(properties->>'hex') as hex, count(*)::int as searches, count(*) filter (where properties->>'results' = '0')::int as no_result
    from analytics_events
    where event = ${USAGE_EVENTS.search} and received_at >= ${start} and received_at < ${end}
      and properties->>'kind' = 'color' and properties->>'hex' ~ '^[0-9A-Fa-f]{6}$'
    group by 1
    order by searches desc, hex
    limit ${options.limit}`);
  return rows.map((r) => ({ hex: r.hex, searches: r.searches, noResult: r.no_result }));
}
