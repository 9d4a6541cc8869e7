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

  const list = (await listCompanies(row.user.id)).map(toSessionCompany);
  const { user } = row;
  const company = list.find((c) => c.id === row.session.companyId) ?? null;
  // docs/product/identity.md#states: a stored company the user no longer belongs to is cleared, and the user is told once.
  const companyRemoved = row.session.companyId !== null && company === null;
  if (companyRemoved) await db.update(sessions).set({ companyId: null }).where(eq(sessions.id, row.session.id));
  const context: SessionContext = {
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
    ...(companyRemoved ? { companyRemoved } : {}),
  };
  // A company the user was just removed from is reported once, so that answer is not kept.
  if (!companyRemoved) rememberSession(tokenHash, { context, sessionId: row.session.id, expiresAt: row.session.expiresAt, lastSeenAt });
  return context;
}
