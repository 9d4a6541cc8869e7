import { and, eq, gt, or } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { qrLoginTickets } from '../db/schema';
import { AppError } from '../errors';

const expired = () => new AppError(ERROR.empty, { message: 'The QR code has expired; refresh it on the computer', data: { status: 'expired' } });

/**
 * The phone's side of scan-to-log-in: `scan` when the signed-in user opens the QR link (created → scanned, or
 * again by the same user), `confirm` when they approve it (scanned → confirmed). Another user's ticket, an
 * expired one or a skipped step is refused.
 */
export async function advanceQrTicket(ticket: string, userId: number, step: 'scan' | 'confirm', now: Date = new Date()): Promise<void> {
  const t = qrLoginTickets;
  const live = and(eq(t.ticket, ticket), gt(t.expiresAt, now));
  const updated =
    step === 'scan'
      ? await getDb()
          .update(t)
          .set({ status: 'scanned', userId })
          .where(and(live, or(eq(t.status, 'created'), and(eq(t.status, 'scanned'), eq(t.userId, userId)))))
          .returning({ id: t.id })
      : await getDb()
          .update(t)
          .set({ status: 'confirmed' })
          .where(and(live, eq(t.status, 'scanned'), eq(t.userId, userId)))
          .returning({ id: t.id });
  if (updated.length > 0) return;
  const [row] = await getDb().select().from(t).where(eq(t.ticket, ticket)).limit(1);
  if (!row || row.expiresAt <= now || row.status === 'collected') throw expired();
  throw new AppError(ERROR.conflict, { message: 'This QR code was scanned by someone else or is not ready for that step', data: { status: row.status } });
}
