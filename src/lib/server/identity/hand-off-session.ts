import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginResult } from '../../contracts/identity';
import { getDb } from '../db/client';
import { companyMembers, ssoTickets, users } from '../db/schema';
import { hashSessionToken, newSessionToken } from './session-token';
import { startSession } from './start-session';

const TICKET_TTL_MS = 60_000;

/** A one-time token for the signed-in user (docs/product/identity.md#calls passport/sso), valid for a minute. */
export async function createHandOffToken(userId: number, companyId: number | null, now: Date = new Date()): Promise<string> {
  const token = newSessionToken();
  await getDb().insert(ssoTickets).values({ tokenHash: hashSessionToken(token), userId, companyId, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) });
  return token;
}

/**
 * Exchanges a hand-off token for a new session (docs/product/identity.md#states `token` query, docs/product/identity.md#calls passport/sso/v1), once. `companyId`
 * (`_companyId` / `tenantId`) opens that company when the user belongs to it. Null when the token is unknown,
 * used or expired: the caller sends the user to login.
 */
export async function exchangeHandOffToken(token: string, companyId: number | null, now: Date = new Date()): Promise<LoginResult | null> {
  const db = getDb();
  const [ticket] = await db
    .update(ssoTickets)
    .set({ consumedAt: now })
    .where(and(eq(ssoTickets.tokenHash, hashSessionToken(token)), isNull(ssoTickets.consumedAt), gt(ssoTickets.expiresAt, now)))
    .returning();
  if (!ticket) return null;
  const [user] = await db.select().from(users).where(eq(users.id, ticket.userId)).limit(1);
  if (!user) return null;
  const wanted = companyId ?? ticket.companyId;
  if (wanted !== null) {
    // The chosen company becomes the last one used, so the new session opens it (if the user is a member).
    await db.update(companyMembers).set({ lastLoginAt: now }).where(and(eq(companyMembers.userId, user.id), eq(companyMembers.companyId, wanted)));
  }
  return startSession(user, now);
}
