import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bigintId, identityKey, moment, writtenAt } from './columns';

/** Usage events posted by the client (docs/product/insights.md#usage-events, `data-transit`); user and company come from the session, never the body. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: identityKey(),
    event: text('event').notNull(),
    sessionId: text('session_id').notNull(),
    deviceId: text('device_id'),
    userId: bigintId('user_id'),
    companyId: bigintId('company_id'),
    roleCode: smallint('role_code').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: moment('occurred_at').notNull(),
    receivedAt: writtenAt('received_at'),
  },
  (t) => [
    // The dashboard counts one event name over a span of days by the server's receiving time, which a sender
    // cannot move (docs/product/insights.md#the-dashboard).
    index('analytics_events_event_received_idx').on(t.event, t.receivedAt),
    // The retention job deletes what is older than a cut-off, found through this index, not a table scan.
    index('analytics_events_received_idx').on(t.receivedAt),
    // A supplier's own material views (docs/product/insights.md#the-suppliers-slice) without reading everyone's.
    index('analytics_events_supplier_view_idx')
      .on(sql`(${t.properties}->>'supplierId')`, t.receivedAt)
      .where(sql`${t.event} = 'material.view'`),
  ],
);

/**
 * Failures a browser met and reported (docs/product/insights.md#the-error-log): the page, the code, the message and
 * a hash of the trace, never the trace itself. Kept as long as usage events.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: identityKey(),
    sessionId: text('session_id'),
    userId: bigintId('user_id'),
    companyId: bigintId('company_id'),
    /** `api` (a call the client normalised), `error` (uncaught), `rejection` (unhandled promise). */
    kind: text('kind').notNull(),
    page: text('page').notNull(),
    code: integer('code'),
    message: text('message').notNull(),
    traceHash: text('trace_hash').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    receivedAt: writtenAt('received_at'),
  },
  (t) => [index('client_errors_received_idx').on(t.receivedAt)],
);
