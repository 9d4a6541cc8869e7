import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreate } from '../../contracts/integrations-api-tokens';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { apiTokens } from '../db/schema';
import { AppError } from '../errors';
import { hashSessionToken, newSessionToken } from '../identity/session-token';
import { toApiToken } from './list-api-tokens';

/** The advisory-lock space of API token creation (any fixed number no other lock uses). */
const LOCK_SPACE = 7_240_401;

/**
 * A new API token for the company, acting as its creator (docs/product/integrations.md#api-tokens). The token is
 * returned here and never again: only its hash is kept. A company holds at most `perCompany` live tokens (neither
 * revoked nor expired). With `expiresInDays` it stops working that many days from now.
 */
export async function createApiToken(actor: { companyId: number; userId: number; userName: string }, input: ApiTokenCreate, now: Date = new Date()): Promise<{ token: string; record: ApiToken }> {
  const db = getDb();
  return db.transaction(async (tx) => {
    // One company's creations queue behind each other, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${actor.companyId})`);
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, actor.companyId), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
    if (live >= API_TOKEN_LIMITS.perCompany) throw new AppError(ERROR.conflict, { message: 'validation.apiTokenLimit' });
    const token = API_TOKEN_PREFIX + newSessionToken();
    const expiresAt = input.expiresInDays == null ? null : new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000);
    const [row] = await tx
      .insert(apiTokens)
      .values({ companyId: actor.companyId, createdBy: actor.userId, name: input.name, scopes: input.scopes, tokenHash: hashSessionToken(token), hint: token.slice(-4), expiresAt })
      .returning();
    return { token, record: toApiToken({ ...row!, creatorName: actor.userName }) };
  });
}
