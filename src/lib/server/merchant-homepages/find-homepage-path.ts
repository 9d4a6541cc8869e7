import { and, eq, isNotNull } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import { homepagePath, type HomepagePath } from '../../contracts/merchant-homepage';
import { getDb } from '../db/client';
import { merchantHomepages } from '../db/schema';
import { requireHomepageEditor } from './require-homepage-editor';

/** Where buyers read the caller company's homepage, and whether there is one to read yet. */
export async function findHomepagePath(session: SessionContext): Promise<HomepagePath> {
  const { companyId } = requireHomepageEditor(session);
  const [row] = await getDb()
    .select({ companyId: merchantHomepages.companyId })
    .from(merchantHomepages)
    .where(and(eq(merchantHomepages.companyId, companyId), isNotNull(merchantHomepages.published)));
  return { orgId: companyId, path: homepagePath(companyId), published: row !== undefined };
}
