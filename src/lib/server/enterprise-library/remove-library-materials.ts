import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { enterpriseLibraryItems } from '../db/schema';
import { assertLibraryOpen } from './check-library-open';

/**
 * Takes materials out of the company's library (docs/product/enterprise-library.md#removing). Ids that are not in
 * it, another company's library included, are ignored; the answer is how many went.
 */
export async function removeLibraryMaterials(companyId: number, materialIds: number[], now: Date = new Date()): Promise<number> {
  await assertLibraryOpen(companyId, now);
  const removed = await getDb()
    .delete(enterpriseLibraryItems)
    .where(and(eq(enterpriseLibraryItems.companyId, companyId), inArray(enterpriseLibraryItems.materialId, materialIds)))
    .returning({ materialId: enterpriseLibraryItems.materialId });
  return removed.length;
}
