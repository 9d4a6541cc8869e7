import { and, desc, eq, gt } from 'drizzle-orm';
import type { ReceivedInvitation } from '../../contracts/companies';
import { INVITATION_LIST_MAX } from '../../contracts/company-rules';
import { getDb } from '../db/client';
import { companies, companyInvitations, users } from '../db/schema';

/** The invitations waiting for the user's answer, newest first (docs/product/companies.md#invitations). */
export async function listReceivedInvitations(userId: number, now = new Date()): Promise<ReceivedInvitation[]> {
  const rows = await getDb()
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      companyName: companies.orgName,
      inviterName: users.name,
      inviterNick: users.nickName,
      inviterAccount: users.account,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.userId, userId), eq(companyInvitations.status, 1), gt(companyInvitations.expiresAt, now)))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .limit(INVITATION_LIST_MAX);
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    inviterName: r.inviterNick || r.inviterName || r.inviterAccount || '',
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}
