import { inArray, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { requestSuggestionsRebuild } from '../search/request-suggestions-rebuild';
import { lockOwnMaterials } from './own-materials';
import { forgetListings } from './listing-cache';

/**
 * Puts materials on or takes them off the market per market type (docs/product/catalogue.md#calls material/on, off: materialIds, marketTypes;
 * docs/product/catalogue.md#states lifecycle). Market state is not content, so it makes no new version.
 */
export async function setMaterialMarket(companyId: number, ids: number[], marketTypes: number[], on: boolean): Promise<{ updated: number }> {
  const value = on ? 1 : 0;
  const set = {
    ...(marketTypes.includes(1) ? { onMarketDomestic: value } : {}),
    ...(marketTypes.includes(2) ? { onMarketOverseas: value } : {}),
    // The first time it goes on any market it stops being a draft (docs/product/supplier.md#states).
    ...(on && marketTypes.length ? { firstOnMarketAt: sql`coalesce(${materials.firstOnMarketAt}, now())` } : {}),
    gmtModifyTime: new Date(),
  };
  const result = await getDb().transaction(async (tx) => {
    await lockOwnMaterials(tx, companyId, ids);
    const rows = await tx.update(materials).set(set).where(inArray(materials.id, ids)).returning({ id: materials.id });
    // Only published materials lend their words to the search box's suggestions.
    await requestSuggestionsRebuild(tx);
    return { updated: rows.length };
  });
  forgetListings();
  return result;
}
