import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBooks } from '../db/schema';
import { materialBookNotFound } from './own-material-book';
import { requireMarketRoom } from '../certification/require-market-room';

/**
 * Puts books on the market or takes them off, in batch (materalbook/batch/on, batch/of). Every id must be one of the
 * company's books, or nothing changes. Off the market, a book is the company's alone: buyers' links to it and its
 * shares show that it is gone. A company that is not certified may have only so many on the market (`requireMarketRoom`).
 */
export async function setBooksOnMarket(companyId: number, ids: number[], onMarket: 0 | 1): Promise<{ changed: number }> {
  const unique = [...new Set(ids)];
  return getDb().transaction(async (tx) => {
    const own = await tx.select({ id: materialBooks.id, onMarket: materialBooks.onMarket }).from(materialBooks).where(and(inArray(materialBooks.id, unique), eq(materialBooks.companyId, companyId)));
    if (own.length !== unique.length) throw materialBookNotFound();
    const changed = await tx.update(materialBooks).set({ onMarket, updatedAt: new Date() }).where(inArray(materialBooks.id, unique)).returning({ id: materialBooks.id });
    if (own.some((b) => b.onMarket !== 1) && onMarket === 1) await requireMarketRoom(tx, companyId, 'books');
    return { changed: changed.length };
  });
}
