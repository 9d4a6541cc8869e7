import { and, eq, isNotNull } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import type { HomepageContent } from '../../contracts/merchant-homepage';
import { getDb } from '../db/client';
import { companies, merchantHomepages } from '../db/schema';

/**
 * A supplier company's published homepage, open to anyone (docs/product/merchant-homepage.md#the-published-page); null
 * when it has published none, or is no longer a supplier.
 */
export async function findPublishedHomepage(orgId: number): Promise<{ content: HomepageContent; publishedAt: Date | null } | null> {
  const [row] = await getDb()
    .select({ content: merchantHomepages.published, publishedAt: merchantHomepages.publishedAt })
    .from(merchantHomepages)
    .innerJoin(companies, eq(companies.id, merchantHomepages.companyId))
    .where(and(eq(merchantHomepages.companyId, orgId), isNotNull(merchantHomepages.published), eq(companies.role, USER_TYPE.supplier)));
  return row?.content ? { content: row.content, publishedAt: row.publishedAt } : null;
}
