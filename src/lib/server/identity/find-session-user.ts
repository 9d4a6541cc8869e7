import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashSessionToken, SESSION_IDLE_MS } from './session-token';

export interface SessionUser {
  id: number;
  account: string;
  name: string;
  nickName: string;
}

/**
 * Who a token signs in as, when it is a live session (the same rules as findSession), without touching the session
 * or loading its companies: a check before a token offered in a URL becomes this browser's session.
 */
export async function findSessionUser(token: string, now: Date = new Date()): Promise<SessionUser | null> {
  const [row] = await getDb()
    .select({ id: users.id, account: users.account, name: users.name, nickName: users.nickName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}
