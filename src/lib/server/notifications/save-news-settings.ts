import { eq, sql } from 'drizzle-orm';
import type { NewsSettings, NewsSettingsInput } from '../../contracts/notifications';
import type { Lang } from '../../i18n';
import { NEWS_GROUPS } from '../../news-kinds';
import { getDb } from '../db/client';
import { newsEmailSettings, users } from '../db/schema';
import { getNewsSettings } from './get-news-settings';

/**
 * Chooses which groups of news a user also gets by e-mail (docs/product/news.md#e-mail). The language the choice
 * was made in becomes the language of those e-mails.
 */
export async function saveNewsSettings(userId: number, input: NewsSettingsInput, lang: Lang): Promise<NewsSettings> {
  const groups = NEWS_GROUPS.filter((g) => input.emailGroups.includes(g));
  await getDb().transaction(async (tx) => {
    await tx
      .insert(newsEmailSettings)
      .values({ userId, groups })
      .onConflictDoUpdate({ target: newsEmailSettings.userId, set: { groups, updatedAt: sql`now()` } });
    await tx.update(users).set({ language: lang }).where(eq(users.id, userId));
  });
  return getNewsSettings(userId);
}
