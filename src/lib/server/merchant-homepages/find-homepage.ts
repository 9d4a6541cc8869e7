import { eq } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import { homepageTemplateKeySchema, type Homepage } from '../../contracts/merchant-homepage';
import { getDb } from '../db/client';
import { merchantHomepages } from '../db/schema';
import { requireHomepageEditor } from './require-homepage-editor';

/** The caller company's homepage as its editors see it (docs/product/merchant-homepage.md#states): draft and published copy. */
export async function findHomepage(session: SessionContext): Promise<Homepage> {
  const { companyId } = requireHomepageEditor(session);
  const [row] = await getDb().select().from(merchantHomepages).where(eq(merchantHomepages.companyId, companyId));
  if (!row) return { orgId: companyId, templateKey: null, draft: null, published: null, publishedAt: null, updatedAt: null, unpublishedChanges: false };
  const templateKey = homepageTemplateKeySchema.safeParse(row.templateKey);
  return {
    orgId: companyId,
    templateKey: templateKey.success ? templateKey.data : null,
    draft: row.draft,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    // Both are read back from jsonb, which orders keys one way: equal content reads as equal text.
    unpublishedChanges: JSON.stringify(row.draft) !== JSON.stringify(row.published),
  };
}
