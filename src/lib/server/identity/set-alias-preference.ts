import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { forgetSessions } from './session-cache';

/** Remembers whether the user reads industry aliases (docs/product/README.md#users alias toggle; docs/product/identity.md#calls customer/user/stat/set-stat). */
export async function setAliasPreference(userId: number, showAliases: boolean): Promise<void> {
  await getDb().update(users).set({ showAliases, updatedAt: new Date() }).where(eq(users.id, userId));
  forgetSessions();
}
