import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { listCompanies, toSessionCompany } from './list-companies';
import { resolvePermissions } from './resolve-permissions';
import { hashSessionToken, SESSION_IDLE_MS } from './session-token';

/** Only touch last_seen_at once a minute: a page view must not cost a write. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The context of a live session for a token, or null when the token is unknown, revoked, past its absolute
 * lifetime or idle for too long.
 */
export async function findSession(token: string, now: Date = new Date()): Promise<SessionContext | null> {
  const db = getDb();
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .limit(1);
  if (!row) return null;

  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }

  const list = (await listCompanies(row.user.id)).map(toSessionCompany);
  const { user } = row;
  const company = list.find((c) => c.id === row.session.companyId) ?? null;
  // docs/product/identity.md#states: a stored company the user no longer belongs to is cleared, and the user is told once.
  const companyRemoved = row.session.companyId !== null && company === null;
  if (companyRemoved) await db.update(sessions).set({ companyId: null }).where(eq(sessions.id, row.session.id));
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
    ...(companyRemoved ? { companyRemoved } : {}),
  };
}
