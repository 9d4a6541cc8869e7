/**
 * How much one `data/collect` call may carry (docs/product/constants.md#analytics). Zod-free, so the numbers can be
 * read wherever they are needed without the schemas.
 */
export const ANALYTICS_LIMITS = {
  /** Events in one call. */
  events: 20,
  /** Properties of one event. */
  properties: 16,
  /** Characters of a property name. */
  keyLength: 40,
  /** Characters of a property's text value. */
  valueLength: 200,
  /** Characters of a session or device id. */
  idLength: 64,
  /** Client times before 2020 or from 2100 on are refused rather than stored as they came. */
  earliestTime: Date.UTC(2020, 0, 1),
  latestTime: Date.UTC(2100, 0, 1) - 1,
  /** Bytes of one call's body; a full batch of ordinary events takes a few kilobytes. */
  bodyBytes: 32 * 1024,
} as const;

/**
 * The events the pages send (docs/product/insights.md#what-is-counted) and the dashboard reads; one name each, so the
 * sender and the aggregations cannot drift apart.
 */
export const USAGE_EVENTS = {
  pageView: 'page.view',
  search: 'search',
  materialView: 'material.view',
  collect: 'collect',
  sampleBagAdd: 'sampleBag.add',
  sampleRequestSubmit: 'sampleRequest.submit',
  shareCreate: 'share.create',
} as const;
export type UsageEventName = (typeof USAGE_EVENTS)[keyof typeof USAGE_EVENTS];

/** The kinds of search an event names. */
export const SEARCH_KINDS = ['text', 'color', 'photo'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The visitor's choice not to send usage data (docs/product/insights.md#opting-out): a cookie the browser's script
 * reads and the server honours, for guests and signed-in visitors alike.
 */
export const USAGE_OPT_OUT_COOKIE = 'usage_events';
export const USAGE_OPT_OUT_VALUE = 'off';

/** Whether a `Cookie` header (or `document.cookie`) carries the opt-out. */
export function usageOptedOut(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${USAGE_OPT_OUT_COOKIE}=${USAGE_OPT_OUT_VALUE}`);
}

/** What one error-log call may carry (docs/product/insights.md#the-error-log); a call over any of them stores nothing. */
export const ERROR_LOG_LIMITS = {
  /** Entries per call: the whole log the browser keeps. */
  entries: 30,
  /** Characters of the page's path. */
  pageLength: 200,
  /** Characters of a message. */
  messageLength: 300,
  /** Characters of a trace; only its hash is stored. */
  traceLength: 1000,
  /** Bytes of one call's body: a full log of entries at every limit. */
  bodyBytes: 48 * 1024,
} as const;

export const CLIENT_ERROR_KINDS = ['api', 'error', 'rejection'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
