import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';

/** Remembers whether the user reads industry aliases (§1 alias toggle; §7 customer/user/stat/set-stat). */
export async function setAliasPreference(userId: number, showAliases: boolean): Promise<void> {
  await getDb().update(users).set({ showAliases, updatedAt: new Date() }).where(eq(users.id, userId));
}
