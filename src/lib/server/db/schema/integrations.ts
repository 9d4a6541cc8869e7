import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { clearedRef, createdAt, identityKey, moment, ownerRef } from './columns';
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
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash), index('api_tokens_company_idx').on(t.companyId, sql`${t.id} desc`)],
);
