import { and, eq, sql } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import type { PublicUserProfile, UserProfile } from '../../contracts/identity-profile';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyMembers, users } from '../db/schema';
import { AppError } from '../errors';

/**
 * A user's profile (docs/product/identity.md#calls customer/user/info/{id}): the caller's own in full; a colleague's (someone who shares a
 * company with the caller) with public fields only; anyone else is "not found", so ids cannot be probed.
 */
export async function findUserProfile(session: SessionContext, id: number): Promise<UserProfile | PublicUserProfile> {
  const db = getDb();
  const own = id === session.user.id;
  if (!own) {
    const mine = db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, session.user.id));
    const [shared] = await db
      .select({ one: sql<number>`1` })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, id), sql`${companyMembers.companyId} in ${mine}`))
      .limit(1);
    if (!shared) throw new AppError(ERROR.empty, { message: 'No such user' });
  }
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError(ERROR.empty, { message: 'No such user' });
  const common = { id: user.id, userId: user.id, name: user.name, nickName: user.nickName, headImg: user.headImg, personalCerStatus: user.personalCerStatus };
  if (!own) return common;
  return { ...common, account: user.account, realName: user.realName, mobile: user.mobile, email: user.email, role: user.role, status: user.status };
}
