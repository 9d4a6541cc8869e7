import { and, count, eq } from 'drizzle-orm';
import type { FollowResult } from '../../contracts/merchants';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, merchantFollows, users } from '../db/schema';
import { listCompanyRecipients } from '../notifications/list-company-recipients';
import { notifyUsers } from '../notifications/notify-users';
import { AppError } from '../errors';
import { isMerchant } from './merchant-filter';

/**
 * Follows or unfollows a merchant (docs/product/catalogue.md#states follow): idempotent either way, answering the new isFollow and followCount
 * so the page shows ±1 without a reload. A user's own current company cannot be followed.
 */
export async function setFollow(userId: number, supplierId: number, follow: boolean, currentCompanyId: number | null): Promise<FollowResult> {
  const db = getDb();
  const [merchant] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, supplierId), isMerchant));
  if (!merchant) throw new AppError(ERROR.empty, { message: 'validation.merchantNotFound' });
  if (follow && supplierId === currentCompanyId) throw new AppError(ERROR.fieldInvalid, { message: 'validation.followOwnCompany' });
  if (follow) {
    // A new follower is news to the merchant's administrators, once per follower (docs/product/news.md#what-arrives).
    await db.transaction(async (tx) => {
      const [added] = await tx.insert(merchantFollows).values({ userId, companyId: supplierId }).onConflictDoNothing().returning({ userId: merchantFollows.userId });
      if (!added) return;
      const [follower] = await tx.select({ name: users.name, nickName: users.nickName }).from(users).where(eq(users.id, userId));
      await notifyUsers(tx, await listCompanyRecipients(tx, supplierId), {
        kind: 'merchant-followed',
        companyId: supplierId,
        params: { counterpart: follower?.nickName || follower?.name || '' },
        dedupeKey: `merchant-followed:${supplierId}:${userId}`,
      });
    });
  } else await db.delete(merchantFollows).where(and(eq(merchantFollows.userId, userId), eq(merchantFollows.companyId, supplierId)));
  const [followers] = await db.select({ n: count() }).from(merchantFollows).where(eq(merchantFollows.companyId, supplierId));
  return { isFollow: follow ? 1 : 0, followCount: followers?.n ?? 0 };
}
