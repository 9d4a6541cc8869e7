import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { helpFeedback } from '../db/schema';
import { urlSigningSecret } from '../images/url-signing-secret';
import { consumeLimit } from '../security/rate-limit';

export interface HelpFeedback {
  slug: string;
  lang: Lang;
  helpful: boolean;
}

/** Who answered: the signed-in user, else the client address under a keyed hash, so no address is stored. */
export function helpVoter(userId: number | null, ip: string): string {
  return userId !== null ? `u:${userId}` : `a:${createHmac('sha256', urlSigningSecret()).update(`help-voter:${ip}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Records an answer to an article's "was this helpful?" (docs/product/content.md#help-center). One answer per
 * article and voter: answering again replaces it. The page checks that the article exists; anyone may answer, so
 * each address is also held to `helpFeedback.ip`.
 */
export async function recordHelpFeedback(feedback: HelpFeedback, voter: { userId: number | null; ip: string }): Promise<void> {
  await consumeLimit('helpFeedback.ip', voter.ip);
  const row = { slug: feedback.slug, lang: feedback.lang, helpful: feedback.helpful, voter: helpVoter(voter.userId, voter.ip) };
  await getDb()
    .insert(helpFeedback)
    .values(row)
    .onConflictDoUpdate({ target: [helpFeedback.slug, helpFeedback.voter], set: { helpful: row.helpful, lang: row.lang, updatedAt: sql`now()` } });
}
