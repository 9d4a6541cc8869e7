/**
 * The operator dashboard's numbers (docs/product/insights.md#the-dashboard). Zod-free, so pages and islands read them
 * without the schemas.
 */

/** The ranges offered as one press, in days ending today (UTC). */
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export type InsightsPreset = (typeof INSIGHTS_RANGES)[number];
export const INSIGHTS_DEFAULT_RANGE: InsightsPreset = 30;
/** The longest custom range, in days. */
export const INSIGHTS_MAX_DAYS = 366;
/** Rows of a ranked list on the page (top words, suppliers, pages with errors). */
export const INSIGHTS_TOP = 20;
/** Rows of a ranked list in its CSV download. */
export const INSIGHTS_CSV_ROWS = 1000;
/** The supplier landing's slice covers this many days, today included (docs/product/insights.md#the-suppliers-slice). */
export const SUPPLIER_INSIGHTS_DAYS = 30;

/** The dashboard's sections, each with its CSV download. */
export const INSIGHTS_SECTIONS = ['visits', 'searchWords', 'noResults', 'searchColors', 'materialViews', 'sampleFunnel', 'shareOpens', 'errors'] as const;
export type InsightsSection = (typeof INSIGHTS_SECTIONS)[number];

/** The steps of the sample funnel, in order. */
export const FUNNEL_STEPS = ['added', 'requested', 'accepted', 'shipped', 'received'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
