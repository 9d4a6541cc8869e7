import { z } from 'zod';
import { ROLE_CODE } from '../constants';
import { ANALYTICS_LIMITS as L } from './analytics-rules';

export { ANALYTICS_LIMITS } from './analytics-rules';

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
