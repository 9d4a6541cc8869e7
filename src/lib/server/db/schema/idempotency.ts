import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { createdAt, ownerRef } from './columns';

/**
 * A stored answer per (user, scope, Idempotency-Key): a retry of the same request gets the first answer
 * instead of doing the work again; the same key with a different body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerRef('user_id', () => users.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
