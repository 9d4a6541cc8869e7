import { z } from 'zod';
import { ROLE_CODE } from '../constants';
import { ANALYTICS_LIMITS as L, CLIENT_ERROR_KINDS, ERROR_LOG_LIMITS as E } from './analytics-rules';

export * from './analytics-rules';

/** Session and device ids are opaque tokens the client makes (the snowflake of `snow/id`, say). */
const clientId = z.string().min(1).max(L.idLength).regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidValue');

export const analyticsEventSchema = z.object({
  event: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
  sessionId: clientId,
  deviceId: clientId.optional(),
  roleCode: z.union([z.literal(ROLE_CODE.buyer), z.literal(ROLE_CODE.supplier), z.literal(ROLE_CODE.other)]),
  properties: z
    .record(
      z.string().max(L.keyLength).regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/, 'validation.invalidValue'),
      z.union([z.string().max(L.valueLength), z.number(), z.boolean(), z.null()]),
    )
    .refine((p) => Object.keys(p).length <= L.properties, 'validation.tooBig')
    .default({}),
  /** Client time in ms since the epoch; the server time is used when absent. */
  time: z.number().int().min(L.earliestTime).max(L.latestTime).optional(),
});

/** One batch comes from one tab, so from one analytics session: the session the rate limit counts. */
export const collectEventsSchema = z.object({
  content: z
    .array(analyticsEventSchema)
    .min(1)
    .max(L.events)
    .superRefine((events, ctx) => {
      const first = events[0]?.sessionId;
      events.forEach((e, i) => {
        if (e.sessionId !== first) ctx.addIssue({ code: 'custom', path: [i, 'sessionId'], message: 'validation.invalidValue' });
      });
    }),
});

export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** The ids of the stored events, in the order they were sent. */
export const recordedEventsSchema = z.object({ ids: z.array(z.number().int()) });

/** A page's path as the client reports it: the path alone, never its query (which can hold a token). */
const pagePath = z.string().min(1).max(E.pageLength).regex(/^\/[\x21-\x7e]*$/, 'validation.invalidValue');

const queryId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A page view counted without script (docs/product/insights.md#pages-without-script): the image of a content page
 * or a light mobile page; a material's page names the material and its supplier, counted as a detail view too.
 */
export const pageViewPixelQuerySchema = z
  .object({ path: pagePath, materialId: queryId.optional(), supplierId: queryId.optional() })
  .refine((q) => (q.materialId === undefined) === (q.supplierId === undefined), { path: ['supplierId'], message: 'validation.required' });
export type PageViewPixelQuery = z.output<typeof pageViewPixelQuerySchema>;

/** One failure the browser met (docs/product/insights.md#the-error-log). */
export const clientErrorEntrySchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  page: pagePath,
  /** The catalogue code of an API failure; none for a script error. */
  code: z.number().int().min(-1_000_000_000).max(1_000_000_000).nullable().default(null),
  message: z.string().max(E.messageLength),
  /** Only a hash of it is kept. */
  trace: z.string().min(1).max(E.traceLength),
  time: z.number().int().min(L.earliestTime).max(L.latestTime),
});

/** The browser's error log, sent whole: at most ERROR_LOG_LIMITS.entries entries of one analytics session. */
export const errorLogSchema = z.object({
  sessionId: clientId.optional(),
  entries: z.array(clientErrorEntrySchema).min(1).max(E.entries),
});
export type ErrorLogInput = z.output<typeof errorLogSchema>;

export const errorLogStoredSchema = z.object({ stored: z.number().int() });
