import { eq } from 'drizzle-orm';
import type { CertificationSubject } from '../../contracts/certification';
import { companies, users } from '../db/schema';

export type { Tx } from '../db/client';
import type { Tx } from '../db/client';

export interface SubjectKey {
  subject: CertificationSubject;
  userId: number;
  companyId: number | null;
}

/**
 * Locks the row that carries the subject's mirror status (the user for a personal certification, the company for
 * a company one) and returns that status, or null when the row is gone. Every submission and every transition
 * takes this lock first, so two submissions cannot both see "nothing pending", and a transition and a submission
 * cannot interleave their mirror writes.
 */
export async function lockCertificationSubject(tx: Tx, key: SubjectKey): Promise<number | null> {
  if (key.subject === 'personal') {
    const [row] = await tx.select({ status: users.personalCerStatus }).from(users).where(eq(users.id, key.userId)).for('update');
    return row?.status ?? null;
  }
  if (key.companyId === null) return null;
  const [row] = await tx.select({ status: companies.corpCerStatus }).from(companies).where(eq(companies.id, key.companyId)).for('update');
  return row?.status ?? null;
}
