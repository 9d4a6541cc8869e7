import { and, count, eq, inArray } from 'drizzle-orm';
import { LIBRARY_MAX_ITEMS } from '../../contracts/enterprise-library-rules';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, enterpriseLibraryItems } from '../db/schema';
import { AppError } from '../errors';
import { listRendersByIds } from '../material-files/list-renders-by-ids';
import { assertLibraryOpen } from './check-library-open';

/**
 * Pushes materials into the company's library (docs/product/enterprise-library.md#pushing): each must be published,
 * by any supplier, and fully rendered (every color card's render succeeded), or nothing is pushed. A material already
 * there stays as it was. The library holds at most `LIBRARY_MAX_ITEMS`.
 */
export async function pushLibraryMaterials(companyId: number, userId: number, materialIds: number[], now: Date = new Date()): Promise<{ pushed: number; already: number }> {
  await assertLibraryOpen(companyId, now);
  const { records } = await listRendersByIds(materialIds, null);
  const renders = new Map(records.map((r) => [r.materialId, r]));
  if (materialIds.some((id) => !renders.has(id))) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const unrendered = materialIds.flatMap((id, index) => (renders.get(id)?.fullyRendered ? [] : [{ field: `materialIds.${index}`, message: 'validation.cannotPush' }]));
  if (unrendered.length > 0) throw new AppError(ERROR.fieldInvalid, { message: 'validation.cannotPush', fields: unrendered });

  const pushed = await getDb().transaction(async (tx) => {
    // One push at a time per company, so two together cannot both fill the last places.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const there = await tx
      .select({ materialId: enterpriseLibraryItems.materialId })
      .from(enterpriseLibraryItems)
      .where(and(eq(enterpriseLibraryItems.companyId, companyId), inArray(enterpriseLibraryItems.materialId, materialIds)));
    const present = new Set(there.map((r) => r.materialId));
    const fresh = materialIds.filter((id) => !present.has(id));
    if (fresh.length === 0) return 0;
    const [held] = await tx.select({ n: count() }).from(enterpriseLibraryItems).where(eq(enterpriseLibraryItems.companyId, companyId));
    if ((held?.n ?? 0) + fresh.length > LIBRARY_MAX_ITEMS) {
      throw new AppError(ERROR.fieldTooLong, { message: 'validation.libraryFull', fields: [{ field: 'materialIds', message: 'validation.libraryFull' }] });
    }
    const inserted = await tx
      .insert(enterpriseLibraryItems)
      .values(fresh.map((materialId) => ({ companyId, materialId, pushedBy: userId, pushedAt: now })))
      .onConflictDoNothing()
      .returning({ materialId: enterpriseLibraryItems.materialId });
    return inserted.length;
  });
  return { pushed, already: materialIds.length - pushed };
}
