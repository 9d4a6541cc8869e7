/**
 * The operator dashboard's input (docs/product/insights.md#the-dashboard): a range of UTC days, either one of the
 * presets or a custom from/to, and for a download the section it is of.
 */
import { z } from 'zod';
import { DATE_PATTERN, INSIGHTS_DEFAULT_RANGE, INSIGHTS_MAX_DAYS, INSIGHTS_RANGES, INSIGHTS_SECTIONS, type InsightsPreset } from './insights-rules';

export * from './insights-rules';

const DAY_MS = 86_400_000;

/** A calendar day that exists (2026-02-30 does not), as its UTC midnight; NaN otherwise. */
export function dayStart(day: string): number {
  if (!DATE_PATTERN.test(day)) return Number.NaN;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? Number.NaN : time;
}

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days a range covers: `from` and `to` included. */
export type InsightsRange = { from: string; to: string; days: number; preset: InsightsPreset | null };

const isPreset = (days: number): days is InsightsPreset => (INSIGHTS_RANGES as readonly number[]).includes(days);

/** The `days` days ending today, today included. */
export function presetRange(days: number, now: Date = new Date()): InsightsRange {
  const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`);
  return { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today), days, preset: isPreset(days) ? days : null };
}

const day = z.string().trim().refine((v) => !Number.isNaN(dayStart(v)), 'validation.insightsDate');

/**
 * `days` (7, 30 or 90), or `from` and `to` together (YYYY-MM-DD, from not after to, to not after today, at most
 * INSIGHTS_MAX_DAYS days); nothing at all is the default preset.
 */
export const insightsRangeSchema = z
  .object({
    days: z.coerce.number().int().refine(isPreset, 'validation.invalidValue').optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from === undefined && v.to === undefined) return;
    if (v.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    if (v.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
    if (v.from === undefined || v.to === undefined) return;
    const from = dayStart(v.from);
    const to = dayStart(v.to);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to > Date.parse(`${isoDay(Date.now())}T00:00:00Z`)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.insightsFuture' });
    else if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.insightsOrder' });
    else if ((to - from) / DAY_MS + 1 > INSIGHTS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.insightsSpan' });
  });
export type InsightsRangeQuery = z.output<typeof insightsRangeSchema>;

/** The range a valid query names. */
export function rangeOf(query: InsightsRangeQuery, now: Date = new Date()): InsightsRange {
  if (query.from !== undefined && query.to !== undefined) {
    const days = (dayStart(query.to) - dayStart(query.from)) / DAY_MS + 1;
    return { from: query.from, to: query.to, days, preset: null };
  }
  return presetRange(query.days ?? INSIGHTS_DEFAULT_RANGE, now);
}

/** A section's CSV: the section and the range. */
export const insightsCsvQuerySchema = insightsRangeSchema.safeExtend({ section: z.enum(INSIGHTS_SECTIONS) });

/** The moments a range covers: from the first day's midnight (UTC) up to, not including, the day after the last. */
export function rangeBounds(range: Pick<InsightsRange, 'from' | 'to'>): { start: Date; end: Date } {
  return { start: new Date(dayStart(range.from)), end: new Date(dayStart(range.to) + DAY_MS) };
}

/** Every day of a range, first to last, so a series shows the days nothing happened as zero. */
export function rangeDays(range: Pick<InsightsRange, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let t = dayStart(range.from), end = dayStart(range.to); t <= end; t += DAY_MS) days.push(isoDay(t));
  return days;
}
