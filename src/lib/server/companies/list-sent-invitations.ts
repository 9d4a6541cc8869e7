import { and, asc, eq, gt } from 'drizzle-orm';
import type { SentInvitation } from '../../contracts/companies';
import { INVITATION_LIST_MAX } from '../../contracts/company-rules';
import { getDb } from '../db/client';
import { companyInvitations } from '../db/schema';

/** The company's invitations still waiting for an answer, oldest first (docs/product/companies.md#invitations). */
export async function listSentInvitations(companyId: number, now = new Date()): Promise<SentInvitation[]> {
  const rows = await getDb()
    .select({ id: companyInvitations.id, account: companyInvitations.account, createdAt: companyInvitations.createdAt, expiresAt: companyInvitations.expiresAt })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.status, 1), gt(companyInvitations.expiresAt, now)))
    .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id))
    .limit(INVITATION_LIST_MAX);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}
