import { sql } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import type { Homepage, HomepageUpdate } from '../../contracts/merchant-homepage';
import { getDb } from '../db/client';
import { merchantHomepages } from '../db/schema';
import { checkHomepageContent } from './check-homepage-content';
import { findHomepage } from './find-homepage';
import { DEFAULT_TEMPLATE_KEY } from './homepage-templates';
import { requireHomepageEditor } from './require-homepage-editor';

/**
 * Saves the draft (docs/product/merchant-homepage.md#states): the modules replace the draft whole, after every
 * check passed; the published copy is left as it is. A draft may still be incomplete (a banner without pictures);
 * publishing asks for more.
 */
export async function saveHomepageDraft(session: SessionContext, input: HomepageUpdate): Promise<Homepage> {
  const { companyId, userId } = requireHomepageEditor(session, input.orgId);
  const draft = await checkHomepageContent(companyId, input.modules);
  const now = new Date();
  await getDb()
    .insert(merchantHomepages)
    .values({ companyId, templateKey: input.templateKey ?? DEFAULT_TEMPLATE_KEY, draft, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: merchantHomepages.companyId,
      set: { draft, updatedBy: userId, updatedAt: now, templateKey: input.templateKey ?? sql`${merchantHomepages.templateKey}` },
    });
  return findHomepage(session);
}
