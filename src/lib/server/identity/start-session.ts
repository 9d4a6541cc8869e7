import { and, eq, or, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import type { LoginResult } from '../../contracts/identity';
import { getDb } from '../db/client';
import { companyMembers, sessions, users } from '../db/schema';
import { listCompanies, toSessionCompany, type MemberCompany } from './list-companies';
import { hashSessionToken, newSessionToken, SESSION_ABSOLUTE_MS } from './session-token';

/**
 * The company a new session opens (docs/product/identity.md#states company choice): the one the user last signed in to; else the only one;
 * else, for buyers, their personal company. A supplier in several companies with no last choice gets none and is
 * asked to choose.
 */
export function companyForNewSession(role: number, list: MemberCompany[]): number | null {
  const last = list.filter((c) => c.lastLoginAt).sort((a, b) => (b.lastLoginAt?.getTime() ?? 0) - (a.lastLoginAt?.getTime() ?? 0))[0];
  if (last) return last.id;
  if (list.length === 1) return list[0]?.id ?? null;
  if (role !== USER_TYPE.supplier) return list.find((c) => c.isPersonal)?.id ?? list[0]?.id ?? null;
  return null;
}

/** Issues a fresh token for a user who has just proved who they are (every login path ends here). */
export async function startSession(user: { id: number; role: number; mobile: string | null; email: string | null }, now: Date = new Date()): Promise<LoginResult> {
  const db = getDb();
  const list = await listCompanies(user.id);
  const companyId = companyForNewSession(user.role, list);
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    companyId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  if (companyId !== null) {
    await db.update(companyMembers).set({ lastLoginAt: now }).where(and(eq(companyMembers.userId, user.id), eq(companyMembers.companyId, companyId)));
  }
  return { token, currentCompanyId: companyId, isBind: Boolean(user.mobile || user.email), companies: list.map(toSessionCompany) };
}

/** The user an identifier signs in as: the account name, or a bound e-mail address or mobile number. */
export async function findUserByAccount(account: string) {
  const id = account.trim().toLowerCase();
  const [user] = await getDb()
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.account})`, id), eq(sql`lower(${users.email})`, id), eq(users.mobile, id)))
    .limit(1);
  return user;
}
