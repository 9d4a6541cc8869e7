import { desc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { outboxMessages } from '../db/schema';

/** The newest messages held by the dev outbox, for the platform administrators' page. */
export async function listOutbox(limit = 100) {
  return getDb().select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}
