import { sql } from 'drizzle-orm';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { rangeBounds, rangeDays, type InsightsRange } from '../../contracts/insights';
import { getDb } from '../db/client';

export type DailyVisits = { day: string; pageViews: number; sessions: number; users: number };
export type Visits = { days: DailyVisits[]; total: Omit<DailyVisits, 'day'> };

/**
 * Page views, analytics sessions and signed-in users per UTC day of the range, and over the whole range (a session
 * or user on several days counts once there), from page-view events (docs/product/insights.md#the-dashboard).
 */
export async function countVisits(range: InsightsRange): Promise<Visits> {
  const { start, end } = rangeBounds(range);
  const { rows } = await getDb().execute<{ day: string | null; page_views: number; sessions: number; users: number }>(sql`
    select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as page_views,
      count(distinct session_id)::int as sessions, count(distinct user_id)::int as users
    from analytics_events
    where event = ${USAGE_EVENTS.pageView} and received_at >= ${start} and received_at < ${end}
    group by grouping sets ((1), ())`);
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day, r]));
  const all = rows.find((r) => r.day === null);
  return {
    days: rangeDays(range).map((day) => {
      const r = byDay.get(day);
      return { day, pageViews: r?.page_views ?? 0, sessions: r?.sessions ?? 0, users: r?.users ?? 0 };
    }),
    total: { pageViews: all?.page_views ?? 0, sessions: all?.sessions ?? 0, users: all?.users ?? 0 },
  };
}
