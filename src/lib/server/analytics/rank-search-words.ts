import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type SearchWord = { word: string; searches: number; noResult: number; sessions: number };

/**
 * The words people searched for most in the range, or (`noResults`) those that found nothing, most often first:
 * the words to add to the catalogue (docs/product/insights.md#the-dashboard). Words are compared trimmed and in
 * lower case.
 */
export async function rankSearchWords(range: InsightsRange, options: { noResults?: boolean; limit: number }): Promise<SearchWord[]> {
  const { start, end } = rangeBounds(range);
  const { rows } = await getDb().execute<{ word: string; searches: number; no_result: number; sessions: number }>(sql`
    select lower(btrim(properties->>'keywords')) as word, count(*)::int as searches,
      count(*) filter (where properties->>'results' = '0')::int as no_result, count(distinct session_id)::int as sessions
    from analytics_events
    where event = ${USAGE_EVENTS.search} and received_at >= ${start} and received_at < ${end}
      and properties->>'kind' = 'text' and btrim(coalesce(properties->>'keywords', '')) <> ''
      ${options.noResults ? sql`and properties->>'results' = '0'` : sql``}
    group by 1
    order by searches desc, word
    limit ${options.limit}`);
  return rows.map((r) => ({ word: r.word, searches: r.searches, noResult: r.no_result, sessions: r.sessions }));
}
