/**
 * A company's webhooks (docs/product/integrations.md#webhooks): what a company administrator sends to register,
 * change, test and remove endpoints and to read their delivery log, and what the API answers.
 */
import { z } from 'zod';
import { pageOf } from './common';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from './integrations-webhooks-rules';

export * from './integrations-webhooks-rules';

const url = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(WEBHOOK_LIMITS.url, 'validation.tooLong')
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'validation.webhookUrlInvalid');

const events = z
  .array(z.enum(WEBHOOK_EVENTS, 'validation.invalidValue'))
  .min(1, 'validation.webhookEventRequired')
  .max(WEBHOOK_EVENTS.length)
  .transform((chosen) => WEBHOOK_EVENTS.filter((e) => chosen.includes(e)));

export const webhookCreateSchema = z.object({
  url,
  description: z.string().trim().max(WEBHOOK_LIMITS.description, 'validation.tooLong').default(''),
  events,
});
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

export const webhookUpdateSchema = webhookCreateSchema.extend({ id: z.number().int().positive(), active: z.boolean() });
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

export const webhookIdSchema = z.object({ id: z.number().int().positive() });

export const webhookPageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(WEBHOOK_LIMITS.pageMax).default(20),
});

export const webhookDeliveryPageSchema = webhookPageSchema.extend({ endpointId: z.number().int().positive() });

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    createdBy: z.string(),
    createdAt: z.string(),
    /** The newest delivery's state and when it was made, if any. */
    lastDelivery: z.object({ state: z.enum(WEBHOOK_DELIVERY_STATES), at: z.string(), statusCode: z.number().int().nullable() }).nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointPageAnswerSchema = pageOf(webhookEndpointSchema);

/** The endpoint and its signing secret, which is shown this once. */
export const webhookCreatedSchema = z.object({ secret: z.string(), record: webhookEndpointSchema }).meta({ id: 'WebhookCreated' });

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when no answer came. */
  statusCode: z.number().int().nullable(),
  /** Why no answer came, or why the answer was not a success. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** The start of the receiver's answer. */
  response: z.string(),
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    event: z.string(),
    eventId: z.string(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** The body every try sent. */
    body: z.string(),
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageAnswerSchema = pageOf(webhookDeliverySchema);
