import { desc, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { helpFeedback } from '../db/schema';

export interface HelpFeedbackSummary {
  slug: string;
  helpful: number;
  notHelpful: number;
}

/**
 * Answers to "was this helpful?" per article for the administrators' page (docs/product/content.md#help-center):
 * the articles with the most "no" first, the ones to improve. At most `limit` articles.
 */
export async function summarizeHelpFeedback(limit = 200): Promise<HelpFeedbackSummary[]> {
  const notHelpful = sql<number>`count(*) filter (where not ${helpFeedback.helpful})::int`;
  return getDb()
    .select({ slug: helpFeedback.slug, helpful: sql<number>`count(*) filter (where ${helpFeedback.helpful})::int`, notHelpful })
    .from(helpFeedback)
    .groupBy(helpFeedback.slug)
    .orderBy(desc(notHelpful), desc(sql`count(*)`), helpFeedback.slug)
    .limit(limit);
}
