import { createHmac } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { CONTACT_RETENTION_DAYS, type ContactAdd } from '../../contracts/contact';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { contactMessages } from '../db/schema';
import { urlSigningSecret } from '../images/url-signing-secret';
import { consumeLimit } from '../security/rate-limit';

/** A sender as operators tell them apart: a keyed hash of the client address, never the address itself. */
export function contactSender(ip: string): string {
  return createHmac('sha256', urlSigningSecret()).update(`contact-sender:${ip}`).digest('base64url').slice(0, 16);
}

/**
 * Stores a "contact us" message (docs/product/contact.md#rules). Anyone may write, so it is bounded every way: each
 * field's length, five messages per client address an hour (`contact.ip`), and a retention of
 * `CONTACT_RETENTION_DAYS`, after which a message goes when the next one is written.
 */
export async function addContactMessage(input: ContactAdd, sender: { ip: string; userId: number | null; lang: Lang }, now: Date = new Date()): Promise<void> {
  await consumeLimit('contact.ip', sender.ip);
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx.delete(contactMessages).where(lt(contactMessages.createdAt, new Date(now.getTime() - CONTACT_RETENTION_DAYS * 86_400_000)));
    await tx.insert(contactMessages).values({ ...input, lang: sender.lang, userId: sender.userId, sender: contactSender(sender.ip), createdAt: now });
  });
}
