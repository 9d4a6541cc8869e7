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
