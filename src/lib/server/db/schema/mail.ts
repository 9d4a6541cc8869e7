import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityKey } from './columns';

/**
 * Messages the embedded install could not send (no SMTP_URL, no SMS provider): the operator reads them on the
 * administrators' outbox page and in the log. Never shown to the person who asked for them.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: identityKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);
