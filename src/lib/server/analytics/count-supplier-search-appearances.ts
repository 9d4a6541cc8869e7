import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type SearchAppearances = { searches: number; words: { word: string; searches: number }[] };

/**
 * How many searches in the range showed at least one of the supplier's materials on the first page of results, and
 * the words of those searches, the most often first (docs/product/insights.md#the-suppliers-slice). A search event
 * names the suppliers of its first page as `,id,id,`.
 */
export async function countSupplierSearchAppearances(companyId: number, range: InsightsRange, options: { limit: number }): Promise<SearchAppearances> {
  const { start, end } = rangeBounds(range);
  const db = getDb();
  const shown = sql`from analytics_events
    where event = ${USAGE_EVENTS.search} and received_at >= ${start} and received_at < ${end}
      and strpos(properties->>'suppliers', ${`,${companyId},`}) > 0`;
  const [{ rows: total }, { rows: words }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n ${shown}`),
    db.execute<{ word: string; searches: number }>(sql`
      select lower(btrim(properties->>'keywords')) as word, count(*)::int as searches
      ${shown} and properties->>'kind' = 'text' and btrim(coalesce(properties->>'keywords', '')) <> ''
      group by 1 order by searches desc, word limit ${options.limit}`),
  ]);
  return { searches: total[0]?.n ?? 0, words };
}
