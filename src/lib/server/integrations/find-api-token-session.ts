import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { ApiTokenScope } from '../../contracts/integrations-api-tokens';
import type { SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { sessionContextFor } from '../identity/find-session';
import { hashSessionToken } from '../identity/session-token';

export type ApiTokenSession = { tokenId: number; scopes: ApiTokenScope[]; context: SessionContext };

/** Only touch last_used_at once a minute: a burst of calls must not cost a write each. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The session an API token acts with: its creator's, in the token's company. Null when the token is unknown,
 * revoked or expired, its creator is gone, or the creator no longer belongs to the company (the token has no rights left).
 * Looked up on every call, so a revoked token is refused at once.
 */
export async function findApiTokenSession(token: string, now: Date = new Date()): Promise<ApiTokenSession | null> {
  const db = getDb();
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.tokenHash, hashSessionToken(token)), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))))
    .limit(1);
  if (!row) return null;
  const context = await sessionContextFor(row.user, row.token.companyId);
  if (!context.company) return null;
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
  }
  return { tokenId: row.token.id, scopes: row.token.scopes as ApiTokenScope[], context };
}
