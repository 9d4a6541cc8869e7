import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions } from '../db/schema';
import { hashSessionToken } from './session-token';
import { forgetSessions } from './session-cache';

/** Logout: the token stops working server-side at once, whatever the client keeps. */
export async function revokeSession(token: string, now: Date = new Date()): Promise<void> {
  await getDb()
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)));
  forgetSessions();
}

/** Ends every session of a user (password reset or change, account frozen). */
export async function revokeAllSessions(userId: number, now: Date = new Date()): Promise<void> {
  await getDb()
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetSessions();
}
