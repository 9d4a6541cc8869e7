import { eq } from 'drizzle-orm';
import type { UserProfile, UserSaveInput } from '../../contracts/identity-profile';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { forgetSessions } from './session-cache';

/**
 * The caller edits their own profile (docs/product/identity.md#calls customer/user/save). Only the names: the real name comes from
 * certification, and role, status and company are never the client's to set.
 */
export async function saveUserProfile(userId: number, input: UserSaveInput, now: Date = new Date()): Promise<Pick<UserProfile, 'id' | 'name' | 'nickName'>> {
  const [saved] = await getDb()
    .update(users)
    .set({ name: input.name, ...(input.nickName === undefined ? {} : { nickName: input.nickName }), updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, name: users.name, nickName: users.nickName });
  if (!saved) throw new AppError(ERROR.empty);
  forgetSessions();
  return saved;
}
