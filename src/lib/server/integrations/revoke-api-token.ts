import { and, eq, isNull } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { apiTokens } from '../db/schema';
import { AppError } from '../errors';

/**
 * Revokes one of the company's tokens. The next call with it is refused: tokens are looked up on every call, never
 * remembered. Revoking a revoked token changes nothing; another company's token is not found.
 */
export async function revokeApiToken(companyId: number, id: number, now: Date = new Date()): Promise<void> {
  const db = getDb();
  const [token] = await db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.companyId, companyId)));
  if (!token) throw new AppError(ERROR.empty, { message: 'validation.apiTokenNotFound' });
  await db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}
