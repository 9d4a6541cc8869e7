import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { apiTokens } from '../db/schema';

/**
 * Revokes every live token a user created, in every company: a password reset means the account may have been in
 * someone else's hands, and a token made then would outlive the sessions the reset ends.
 */
export async function revokeUserApiTokens(userId: number, now: Date = new Date()): Promise<void> {
  await getDb().update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)));
}
