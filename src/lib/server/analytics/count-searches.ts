import { sql } from 'drizzle-orm';
import { SEARCH_KINDS, USAGE_EVENTS, type SearchKind } from '../../contracts/analytics-rules';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type SearchCounts = { kind: SearchKind; searches: number; noResult: number }[];

/** Searches of the range by kind (text, color, photo), with how many found nothing. */
export async function countSearches(range: InsightsRange): Promise<SearchCounts> {
  const { start, end } = rangeBounds(range);
  const { rows } = await getDb().execute<{ kind: string; searches: number; no_result: number }>(sql`
    select properties->>'kind' as kind, count(*)::int as searches, count(*) filter (where properties->>'results' = '0')::int as no_result
    from analytics_events
    where event = ${USAGE_EVENTS.search} and received_at >= ${start} and received_at < ${end}
    group by 1`);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return SEARCH_KINDS.map((kind) => ({ kind, searches: byKind.get(kind)?.searches ?? 0, noResult: byKind.get(kind)?.no_result ?? 0 }));
}
