import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { getDb } from '../db/client';
import { qrLoginTickets } from '../db/schema';
import { hashSessionToken } from './session-token';

export const QR_TICKET_TTL_S = 120;

/**
 * A desktop browser starts scan-to-log-in: the ticket goes into the QR, the poll secret stays with the browser.
 * The QR image is drawn here (SVG) so the browser needs no QR library.
 */
export async function createQrTicket(origin: string, now: Date = new Date()) {
  const ticket = randomBytes(16).toString('base64url');
  const pollSecret = randomBytes(32).toString('base64url');
  await getDb()
    .insert(qrLoginTickets)
    .values({ ticket, pollSecretHash: hashSessionToken(pollSecret), createdAt: now, expiresAt: new Date(now.getTime() + QR_TICKET_TTL_S * 1000) });
  const scanPath = `/mobile/qr-login?ticket=${ticket}`;
  const qrSvg = await QRCode.toString(new URL(scanPath, origin).href, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { ticket, pollSecret, expiresIn: QR_TICKET_TTL_S, scanPath, qrSvg };
}
