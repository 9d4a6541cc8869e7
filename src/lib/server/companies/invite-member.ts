import { and, eq, sql } from 'drizzle-orm';
import type { InvitationSent } from '../../contracts/companies';
import { INVITATION_TTL_DAYS } from '../../contracts/company-rules';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyInvitations, companyMembers, users } from '../db/schema';
import { AppError } from '../errors';
import { findUserByAccount } from '../identity/start-session';
import { notifyUsers } from '../notifications/notify-users';
import { assertMayInvite } from './assert-may-invite';
import { invitedAccount } from './check-invitable-account';
import { assertHoldsCodes, codesOfRoles, type CompanyActor } from './company-actor';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invites an account into an enterprise company (docs/product/companies.md#invitations): the answer and the pending
 * list are the same whether the account names anyone, and only the invitee's acceptance makes a member. Inviting the
 * same account again renews the pending invitation (new roles, new expiry) without telling the invitee twice.
 */
export async function inviteMember(companyId: number, actor: CompanyActor, account: string, roles: { roleIds: number[]; departmentIds: number[] }, now = new Date()): Promise<InvitationSent> {
  await assertMayInvite(companyId);
  // Checked before anything is stored, so a refused grant invites nobody.
  assertHoldsCodes(actor, await codesOfRoles(companyId, roles.roleIds));
  const invited = invitedAccount(account);
  const user = await findUserByAccount(invited);
  const db = getDb();
  if (user) {
    const [member] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, user.id))).limit(1);
    if (member) throw new AppError(ERROR.conflict, { message: 'Already a member' });
  }
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  const values = { userId: user?.id ?? null, invitedBy: actor.userId, roleIds: [...new Set(roles.roleIds)], departmentIds: [...new Set(roles.departmentIds)], expiresAt, createdAt: now };
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .insert(companyInvitations)
      .values({ companyId, account: invited, ...values })
      .onConflictDoUpdate({ target: [companyInvitations.companyId, companyInvitations.account], targetWhere: sql`${companyInvitations.status} = 1`, set: values })
      .returning({ id: companyInvitations.id });
    if (!user || !invitation) return;
    const [company] = await tx.select({ name: companies.orgName }).from(companies).where(eq(companies.id, companyId));
    const [inviter] = await tx.select({ name: users.name, nickName: users.nickName, account: users.account }).from(users).where(eq(users.id, actor.userId));
    await notifyUsers(tx, [user.id], {
      kind: 'company-invited',
      companyId,
      params: { companyName: company?.name ?? '', counterpart: inviter ? inviter.nickName || inviter.name || inviter.account : '' },
      dedupeKey: `invitation:${invitation.id}`,
    });
  });
  return { account: invited, expiresAt: expiresAt.toISOString() };
}
