import { eq } from 'drizzle-orm';
import type { NewsSettings } from '../../contracts/notifications';
import { NEWS_GROUPS, type NewsGroup } from '../../news-kinds';
import { getDb } from '../db/client';
import { newsEmailSettings, users } from '../db/schema';

/** Which groups of news a user also gets by e-mail, and the address they would go to. */
export async function getNewsSettings(userId: number): Promise<NewsSettings> {
  const [row] = await getDb()
    .select({ email: users.email, groups: newsEmailSettings.groups })
    .from(users)
    .leftJoin(newsEmailSettings, eq(newsEmailSettings.userId, users.id))
    .where(eq(users.id, userId));
  const chosen = new Set(row?.groups ?? []);
  return { emailGroups: NEWS_GROUPS.filter((g): g is NewsGroup => chosen.has(g)), email: row?.email ?? null };
}
