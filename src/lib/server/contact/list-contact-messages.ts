import { count, desc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { contactMessages } from '../db/schema';

export type ContactMessage = typeof contactMessages.$inferSelect;

/** A page of "contact us" messages, newest first, for operators (docs/product/contact.md#reading-them). */
export async function listContactMessages(page: number, size: number): Promise<{ records: ContactMessage[]; total: number }> {
  const db = getDb();
  const [records, [total]] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { records, total: total?.n ?? 0 };
}
