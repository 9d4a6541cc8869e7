import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { listCompanies, toSessionCompany } from './list-companies';
import { resolvePermissions } from './resolve-permissions';
import { cachedSession, rememberSession } from './session-cache';
import { hashSessionToken, SESSION_IDLE_MS } from './session-token';

/** Only touch last_seen_at once a minute: a page view must not cost a write. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The context of a live session for a token, or null when the token is unknown, revoked, past its absolute
 * lifetime or idle for too long.
 */
export async function findSession(token: string, now: Date = new Date()): Promise<SessionContext | null> {
  const db = getDb();
  const tokenHash = hashSessionToken(token);
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const hit = cachedSession(tokenHash);
  if (hit && hit.expiresAt > now && hit.lastSeenAt > idleCutoff) {
    if (now.getTime() - hit.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      hit.lastSeenAt = now;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, hit.sessionId));
    }
    return hit.context;
  }
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .limit(1);
  if (!row) return null;

  let lastSeenAt = row.session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }

  const context = await sessionContextFor(row.user, row.session.companyId);
  // docs/product/identity.md#states: a stored company the user no longer belongs to is cleared, and the user is told once.
  const companyRemoved = row.session.companyId !== null && context.company === null;
  if (companyRemoved) {
    await db.update(sessions).set({ companyId: null }).where(eq(sessions.id, row.session.id));
    return { ...context, companyRemoved };
  }
  // A company the user was just removed from is reported once (above), so only this answer is kept.
  rememberSession(tokenHash, { context, sessionId: row.session.id, expiresAt: row.session.expiresAt, lastSeenAt });
  return context;
}

/** What a user signed in to a company (null: none chosen, or one they no longer belong to) may see and do. */
export async function sessionContextFor(user: typeof users.$inferSelect, companyId: number | null): Promise<SessionContext> {
  const list = (await listCompanies(user.id)).map(toSessionCompany);
  const company = list.find((c) => c.id === companyId) ?? null;
  return {
    user: {
      id: user.id,
      account: user.account,
      name: user.name,
      nickName: user.nickName,
      role: user.role,
      status: user.status,
      personalCerStatus: user.personalCerStatus,
      isPlatformAdmin: user.isPlatformAdmin,
      showAliases: user.showAliases,
    },
    company,
    companies: list,
    permissions: await resolvePermissions(user, company),
  };
}
