import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { clearedRef, createdAt, identityKey } from './columns';

/**
 * What people wrote through the public "contact us" form (docs/product/contact.md#data), for operators to read on
 * `/admin/contacts`. The client address is not stored, only a keyed hash of it (the same one the per-address limit
 * counts), so operators can tell repeated messages from one sender apart without holding addresses.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: identityKey(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    message: text('message').notNull(),
    lang: text('lang').notNull(),
    /** The signed-in sender, if any. */
    userId: clearedRef('user_id', () => users.id),
    sender: text('sender').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_recent_idx').on(t.createdAt)],
);
