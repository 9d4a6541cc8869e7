import { z } from 'zod';
import { ROLE_CODE } from '../constants';

export const analyticsEventSchema = z.object({
  event: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
  sessionId: z.string().min(1).max(64),
  deviceId: z.string().min(1).max(64).optional(),
  roleCode: z.union([z.literal(ROLE_CODE.buyer), z.literal(ROLE_CODE.supplier), z.literal(ROLE_CODE.other)]),
  properties: z.record(z.string().max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).default({}),
  /** Client time in ms since the epoch; the server time is used when absent. */
  time: z.number().int().positive().optional(),
});

export const collectEventsSchema = z.object({ content: z.array(analyticsEventSchema).min(1).max(100) });

export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** The ids of the stored events, in the order they were sent. */
export const recordedEventsSchema = z.object({ ids: z.array(z.number().int()) });
