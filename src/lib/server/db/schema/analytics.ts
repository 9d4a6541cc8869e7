import { bigint, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Usage events posted by the client (§7 data-transit); user and company come from the session, never the body. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    sessionId: text('session_id').notNull(),
    deviceId: text('device_id'),
    userId: bigint('user_id', { mode: 'number' }),
    companyId: bigint('company_id', { mode: 'number' }),
    roleCode: smallint('role_code').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_event_time_idx').on(t.event, t.occurredAt)],
);
