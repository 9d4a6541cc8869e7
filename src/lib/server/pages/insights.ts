/**
 * The operator dashboard's loader (docs/product/insights.md#the-dashboard): who may see it, the range the URL asks
 * for (a preset or a custom from/to, checked with the API's contract), and every section for that range.
 */
import { insightsRangeSchema, rangeOf, type InsightsRange } from '../../contracts/insights';
import type { SessionContext } from '../../contracts/identity';
import type { Lang, T } from '../../i18n';
import { summarizeInsights, type Insights } from '../analytics/summarize-insights';

export const INSIGHTS_PATH = '/admin/insights';

export type InsightsPage =
  | { kind: 'forbidden' }
  /** The custom range as typed, with a message per field at fault; no figures. */
  | { kind: 'invalid'; typed: { from: string; to: string }; fieldErrors: Partial<Record<'from' | 'to' | 'days', string>> }
  | { kind: 'ok'; range: InsightsRange; insights: Insights };

export async function loadInsightsPage(session: SessionContext | null, url: URL, lang: Lang, t: T, now: Date = new Date()): Promise<InsightsPage> {
  if (!session?.user.isPlatformAdmin) return { kind: 'forbidden' };
  const raw: Record<string, string> = {};
  for (const key of ['days', 'from', 'to']) {
    const value = url.searchParams.get(key);
    if (value) raw[key] = value.slice(0, 20);
  }
  const parsed = insightsRangeSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<'from' | 'to' | 'days', string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to' || field === 'days') && !fieldErrors[field]) fieldErrors[field] = t(issue.message);
    }
    return { kind: 'invalid', typed: { from: raw.from ?? '', to: raw.to ?? '' }, fieldErrors };
  }
  const range = rangeOf(parsed.data, now);
  return { kind: 'ok', range, insights: await summarizeInsights(range, lang) };
}

/** A median time as people read it: minutes under an hour, hours under two days, then days. */
export function formatDuration(seconds: number | null, t: T, lang: Lang): string {
  if (seconds === null) return t('insights.duration.none');
  const number = (value: number) => new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { maximumFractionDigits: 1 }).format(value);
  if (seconds < 3600) return t('insights.duration.minutes', { value: number(Math.max(1, Math.round(seconds / 60))) });
  if (seconds < 48 * 3600) return t('insights.duration.hours', { value: number(seconds / 3600) });
  return t('insights.duration.days', { value: number(seconds / 86400) });
}
