import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages the embedded install could not send (no SMTP_URL, no SMS provider): the operator reads them on the
 * administrators' outbox page and in the log. Never shown to the person who asked for them.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);
