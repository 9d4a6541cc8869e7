import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companyInvitations } from '../db/schema';
import { AppError } from '../errors';

/** Withdraws one of the company's pending invitations (docs/product/companies.md#invitations); anything else is 100404. */
export async function withdrawInvitation(companyId: number, id: number, now = new Date()): Promise<null> {
  const done = await getDb()
    .update(companyInvitations)
    .set({ status: 4, decidedAt: now })
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), eq(companyInvitations.status, 1)))
    .returning({ id: companyInvitations.id });
  if (done.length === 0) throw new AppError(ERROR.empty, { message: 'No such pending invitation' });
  return null;
}
