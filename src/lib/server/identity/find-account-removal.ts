import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { accountRemovals } from '../db/schema';

/** The user's latest removal request, if any (docs/product/identity.md#calls mp/uc/removal/info). */
export async function findAccountRemoval(userId: number) {
  const [row] = await getDb().select().from(accountRemovals).where(eq(accountRemovals.userId, userId)).orderBy(desc(accountRemovals.id)).limit(1);
  return row ? { status: row.status, requestedAt: row.requestedAt.toISOString(), removeAfter: row.removeAfter.toISOString() } : null;
}
