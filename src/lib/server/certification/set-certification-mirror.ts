import { eq } from 'drizzle-orm';
import { companies, users } from '../db/schema';
import type { SubjectKey, Tx } from './lock-certification-subject';
import { forgetSessions } from '../identity/session-cache';
import { forgetListings } from '../materials/listing-cache';

/**
 * Writes the mirror (docs/product/companies.md#data: 0 uncertified, 1 pending, 2 certified) in the caller's transaction, so the session
 * context, the badge and the certified-company gate see the new state exactly when the submission changes.
 */
export async function setCertificationMirror(tx: Tx, key: SubjectKey, status: number, now: Date): Promise<void> {
  if (key.subject === 'personal') {
    await tx.update(users).set({ personalCerStatus: status, updatedAt: now }).where(eq(users.id, key.userId));
  } else if (key.companyId !== null) {
    await tx.update(companies).set({ corpCerStatus: status }).where(eq(companies.id, key.companyId));
  }
  forgetSessions();
  forgetListings();
}
