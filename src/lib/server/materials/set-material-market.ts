import { inArray, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { requestSuggestionsRebuild } from '../search/request-suggestions-rebuild';
import { lockOwnMaterials } from './own-materials';
import { onAnyMarket } from './published-material';
import { requireMarketRoom } from '../certification/require-market-room';
import { forgetListings } from './listing-cache';
import { emitMarketChanges } from '../webhooks/emit-market-changes';

/**
 * Puts materials on or takes them off the market per market type (docs/product/catalogue.md#calls material/on, off: materialIds, marketTypes;
 * docs/product/catalogue.md#states lifecycle). Market state is not content, so it makes no new version. A company
 * that is not certified may have only so many on the market (`requireMarketRoom`).
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
    const before = await lockOwnMaterials(tx, companyId, ids);
    const rows = await tx
      .update(materials)
      .set(set)
      .where(inArray(materials.id, ids))
      .returning({ id: materials.id, nameCn: materials.nameCn, nameEn: materials.nameEn, domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas });
    const was = new Map(before.map((b) => [b.id, b]));
    if (rows.some((r) => onAnyMarket(r) && !onAnyMarket(was.get(r.id)))) await requireMarketRoom(tx, companyId, 'materials');
    await emitMarketChanges(tx, companyId, rows.map((r) => ({ id: r.id, nameCn: r.nameCn, nameEn: r.nameEn, before: was.get(r.id) ?? null, after: r })));
    // Only published materials lend their words to the search box's suggestions.
    await requestSuggestionsRebuild(tx);
    return { updated: rows.length };
  });
  forgetListings();
  return result;
}
