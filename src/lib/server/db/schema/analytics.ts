import { index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bigintId, identityKey, moment, writtenAt } from './columns';

/** Usage events posted by the client (docs/product/README.md#usage-events, `data-transit`); user and company come from the session, never the body. */
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
  // received_at: the retention job deletes what is older than a cut-off, found through this index, not a table scan.
  (t) => [index('analytics_events_event_time_idx').on(t.event, t.occurredAt), index('analytics_events_received_idx').on(t.receivedAt)],
);
