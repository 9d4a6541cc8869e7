import { z } from 'zod';
import { pageOf } from './common';
import { imageRefOrNullSchema } from './images';
import {
  CARRIER_MAX,
  NOTE_MAX,
  REJECT_REASON_MAX,
  SAMPLE_REQUEST_ACTIONS,
  SAMPLE_REQUEST_SIDES,
  SAMPLE_REQUEST_STATES,
  TRACKING_NO_PATTERN,
  type SampleRequestAction,
} from './sampling-requests-rules';

export * from './sampling-requests-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Submitting from the bag: chosen items (one request per supplier among them), an address of the book, a note. */
export const sampleRequestSubmitSchema = z.object({
  itemIds: z.array(id).min(1, 'validation.required').max(200),
  addressId: id,
  note: z.string().trim().max(NOTE_MAX, 'validation.tooLong').default(''),
});
export type SampleRequestSubmit = z.output<typeof sampleRequestSubmitSchema>;

export const sampleRequestStateSchema = z.enum(SAMPLE_REQUEST_STATES);
export const sampleRequestListSchema = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(50).default(10),
  state: sampleRequestStateSchema.optional(),
  /** Only this request (a link from the news page). */
  id: z.number().int().positive().optional(),
});
export type SampleRequestListQuery = z.output<typeof sampleRequestListSchema>;

export const sampleRequestIdSchema = z.object({ id });
export const sampleRequestRejectSchema = z.object({ id, reason: z.string().trim().min(1, 'validation.required').max(REJECT_REASON_MAX, 'validation.tooLong') });
export const sampleRequestShipSchema = z.object({
  id,
  carrier: z.string().trim().min(1, 'validation.required').max(CARRIER_MAX, 'validation.tooLong'),
  trackingNo: z.string().trim().min(1, 'validation.required').regex(TRACKING_NO_PATTERN, 'validation.trackingNo'),
});

/** One state change as the domain takes it. */
export type SampleRequestChange =
  | { action: Exclude<SampleRequestAction, 'reject' | 'ship'>; id: number }
  | { action: 'reject'; id: number; reason: string }
  | { action: 'ship'; id: number; carrier: string; trackingNo: string };
export const sampleRequestActionSchema = z.enum(SAMPLE_REQUEST_ACTIONS);

export const sampleRequestItemSchema = z.object({
  materialId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  name: z.string(),
  cover: imageRefOrNullSchema,
  /** The material is still published: its name links to the detail page. */
  available: z.boolean(),
  colorCard: z.object({ name: z.string(), hex: z.string() }),
  quantity: z.number().int(),
  samplePrice: z.string().nullable(),
});
export type SampleRequestItem = z.infer<typeof sampleRequestItemSchema>;

const stateSchema = sampleRequestStateSchema.meta({ description: 'submitted → accepted | rejected | cancelled; accepted → shipped → received' });
export const sampleRequestEventSchema = z.object({
  state: stateSchema,
  side: z.enum(SAMPLE_REQUEST_SIDES),
  actorName: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.string()),
});
export type SampleRequestEvent = z.infer<typeof sampleRequestEventSchema>;

export const sampleRequestSchema = z
  .object({
    id: z.number().int(),
    requestNo: z.string(),
    state: stateSchema,
    supplier: z.object({ id: z.number().int(), name: z.string() }),
    buyer: z.object({ id: z.number().int(), name: z.string() }),
    address: z.object({ receiver: z.string(), phone: z.string(), place: z.string(), detail: z.string(), postcode: z.string().nullable() }),
    note: z.string(),
    rejectReason: z.string().nullable(),
    carrier: z.string().nullable(),
    trackingNo: z.string().nullable(),
    shippedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    items: z.array(sampleRequestItemSchema),
    events: z.array(sampleRequestEventSchema),
    actions: z.array(sampleRequestActionSchema).meta({ description: 'What the viewer may do now' }),
  })
  .meta({ id: 'SampleRequest' });
export type SampleRequest = z.infer<typeof sampleRequestSchema>;

export const sampleRequestPageSchema = pageOf(sampleRequestSchema)
  .extend({ counts: z.record(sampleRequestStateSchema, z.number().int()) })
  .meta({ id: 'SampleRequestPage' });
export type SampleRequestPage = z.infer<typeof sampleRequestPageSchema>;

export const sampleRequestSubmittedSchema = z.object({ requestIds: z.array(z.number().int()), count: z.number().int() });
export type SampleRequestSubmitted = z.infer<typeof sampleRequestSubmittedSchema>;
