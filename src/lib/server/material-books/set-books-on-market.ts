import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { materialBookNotFound } from './own-material-book';

/**
 * Puts books on the market or takes them off, in batch (materalbook/batch/on, batch/of). Every id must be one of the
 * company's books, or nothing changes. Off the market, a book is the company's alone: buyers' links to it and its
 * shares show that it is gone.
 */
export async function setBooksOnMarket(companyId: number, ids: number[], onMarket: 0 | 1): Promise<{ changed: number }> {
  const unique = [...new Set(ids)];
  return getDb().transaction(async (tx) => {
    const own = await tx.select({ id: materialBooks.id }).from(materialBooks).where(and(inArray(materialBooks.id, unique), eq(materialBooks.companyId, companyId)));
    if (own.length !== unique.length) throw materialBookNotFound();
    const changed = await tx.update(materialBooks).set({ onMarket, updatedAt: new Date() }).where(inArray(materialBooks.id, unique)).returning({ id: materialBooks.id });
    return { changed: changed.length };
  });
}
