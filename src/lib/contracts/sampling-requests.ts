import { z } from 'zod';
import type { ImageRef } from './images';
import {
  CARRIER_MAX,
  NOTE_MAX,
  REJECT_REASON_MAX,
  SAMPLE_REQUEST_ACTIONS,
  SAMPLE_REQUEST_STATES,
  TRACKING_NO_PATTERN,
  type SampleRequestAction,
  type SampleRequestSide,
  type SampleRequestState,
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

export type SampleRequestItem = {
  materialId: number | null;
  categoryId: number | null;
  name: string;
  cover: ImageRef | null;
  /** The material is still published: its name links to the detail page. */
  available: boolean;
  colorCard: { name: string; hex: string };
  quantity: number;
  samplePrice: string | null;
};
export type SampleRequestEvent = { state: SampleRequestState; side: SampleRequestSide; actorName: string; at: string; detail: Record<string, string> };
export type SampleRequest = {
  id: number;
  requestNo: string;
  state: SampleRequestState;
  supplier: { id: number; name: string };
  buyer: { id: number; name: string };
  address: { receiver: string; phone: string; place: string; detail: string; postcode: string | null };
  note: string;
  rejectReason: string | null;
  carrier: string | null;
  trackingNo: string | null;
  shippedAt: string | null;
  createdAt: string;
  updatedAt: string;
  items: SampleRequestItem[];
  events: SampleRequestEvent[];
  /** What the viewer may do now. */
  actions: SampleRequestAction[];
};
export type SampleRequestPage = { records: SampleRequest[]; total: number; counts: Record<SampleRequestState, number> };
export type SampleRequestSubmitted = { requestIds: number[]; count: number };
