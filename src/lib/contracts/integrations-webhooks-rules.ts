/** Webhook constants without zod, so the browser can read them (docs/product/integrations.md#webhooks). */

/** The events a company may subscribe an endpoint to (docs/product/integrations.md#events). */
export const WEBHOOK_EVENTS = [
  'sample_request.submitted',
  'sample_request.accepted',
  'sample_request.rejected',
  'sample_request.shipped',
  'sample_request.received',
  'sample_request.cancelled',
  'material.published',
  'material.unpublished',
  'share.opened',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "send test" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Headers each delivery carries (docs/product/integrations.md#signature). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Matlib-Signature',
  event: 'X-Matlib-Event',
  delivery: 'X-Matlib-Delivery',
} as const;

/** Every signing secret starts with it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_LIMITS = {
  url: 500,
  description: 100,
  /** Endpoints one company may register. */
  perCompany: 10,
  pageMax: 50,
  /** Tries of one delivery, the first included. */
  attempts: 6,
  /** How long a receiver has to answer one try. */
  timeoutMs: 10_000,
  /** How much of the receiver's answer the log keeps. */
  response: 500,
} as const;
