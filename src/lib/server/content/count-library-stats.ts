import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { getDb } from '../db/client';
import { colorCards, companies, materials } from '../db/schema';
import { isMerchant } from '../merchants/merchant-filter';
import { publishedOn } from '../materials/published-material';
import { rememberPromise } from '../remember-promise';

export interface LibraryStats {
  materials: number;
  suppliers: number;
  colorCards: number;
}

// The open landing is for everyone and the figures only need to be roughly current: counted at most every five
// minutes, not on every visit (the catalogue may hold a hundred thousand materials).
const cache = new LRUCache<'stats', Promise<LibraryStats>>({ max: 1, ttl: 5 * 60_000 });

/** How big the library is on the domestic market (docs/product/content.md#open-pages): materials, their suppliers, their color cards. */
export function countLibraryStats(): Promise<LibraryStats> {
  return rememberPromise(cache, 'stats', async () => {
    const db = getDb();
    const [[listed], [cards]] = await Promise.all([
      db
        .select({ materials: sql<number>`count(*)::int`, suppliers: countDistinct(materials.companyId) })
        .from(materials)
        .innerJoin(companies, and(eq(companies.id, materials.companyId), isMerchant))
        .where(publishedOn()),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(colorCards)
        .innerJoin(materials, eq(materials.id, colorCards.materialId))
        .where(publishedOn()),
    ]);
    return { materials: listed?.materials ?? 0, suppliers: listed?.suppliers ?? 0, colorCards: cards?.n ?? 0 };
  });
}
