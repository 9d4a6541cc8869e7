import { and, eq } from 'drizzle-orm';
import type { LoginResult } from '../../contracts/identity';
import { getDb } from '../db/client';
import { qrLoginTickets, users } from '../db/schema';
import { hashSessionToken } from './session-token';
import { startSession } from './start-session';

export type QrStatus = 'created' | 'scanned' | 'confirmed' | 'expired';

/**
 * The desktop polls its ticket (docs/product/identity.md#calls wx/qrcode/status) with the poll secret. The first poll after confirmation
 * collects the session, once; after that, and after two minutes, the ticket reads as expired.
 */
export async function pollQrTicket(ticket: string, pollSecret: string, now: Date = new Date()): Promise<{ status: QrStatus; login?: LoginResult }> {
  const db = getDb();
  const t = qrLoginTickets;
  const [row] = await db.select().from(t).where(and(eq(t.ticket, ticket), eq(t.pollSecretHash, hashSessionToken(pollSecret)))).limit(1);
  if (!row || row.expiresAt <= now || row.status === 'collected') return { status: 'expired' };
  if (row.status !== 'confirmed' || row.userId === null) return { status: row.status === 'confirmed' ? 'expired' : row.status };
  const collected = await db.update(t).set({ status: 'collected' }).where(and(eq(t.id, row.id), eq(t.status, 'confirmed'))).returning({ id: t.id });
  if (collected.length === 0) return { status: 'expired' };
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) return { status: 'expired' };
  return { status: 'confirmed', login: await startSession(user, now) };
}
