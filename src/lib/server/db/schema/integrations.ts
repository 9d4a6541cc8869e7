import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { clearedRef, createdAndUpdatedAt, createdAt, identityKey, moment, ownerRef } from './columns';
import { users } from './identity';

/**
 * A company's API tokens (docs/product/integrations.md#api-tokens). Like sessions, only the SHA-256 of the token is
 * stored. A token acts as its creator in its company; a creator who has left takes the token's rights with them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    createdBy: clearedRef('created_by', () => users.id),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
    /** Chosen at creation; null: until revoked. */
    expiresAt: moment('expires_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash), index('api_tokens_company_idx').on(t.companyId, sql`${t.id} desc`)],
);

/**
 * A company's webhook endpoints (docs/product/integrations.md#webhooks). The signing secret is kept as it is, since
 * every delivery is signed with it; it is shown to the company once, at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    createdBy: clearedRef('created_by', () => users.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** A paused endpoint gets no new deliveries; the ones already queued still run. */
    active: boolean('active').notNull().default(true),
    ...createdAndUpdatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, sql`${t.id} desc`)],
);

/** One event for one endpoint: its payload is fixed when the event happens, so every try sends the same bytes. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: identityKey(),
    endpointId: ownerRef('endpoint_id', () => webhookEndpoints.id),
    event: text('event').notNull(),
    /** The same on every try and for every endpoint the event reaches: a receiver drops a repeat by it. */
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    createdAt: createdAt(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, sql`${t.id} desc`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** Each try of a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: identityKey(),
    deliveryId: ownerRef('delivery_id', () => webhookDeliveries.id),
    attempt: smallint('attempt').notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
    statusCode: smallint('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** The start of the receiver's answer, for the log. */
    response: text('response').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_key').on(t.deliveryId, t.attempt)],
);
