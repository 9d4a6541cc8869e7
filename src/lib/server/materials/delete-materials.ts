import { inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { requestSuggestionsRebuild } from '../search/request-suggestions-rebuild';
import { lockOwnMaterials } from './own-materials';
import { forgetListings } from './listing-cache';
import { emitMarketChanges } from '../webhooks/emit-market-changes';

/** Soft-deletes materials (docs/product/catalogue.md#data isDelete 1): gone from every list and detail, versions kept for the record. */
export async function deleteMaterials(companyId: number, ids: number[]): Promise<{ deleted: number }> {
  const result = await getDb().transaction(async (tx) => {
    const before = await lockOwnMaterials(tx, companyId, ids);
    const rows = await tx
      .update(materials)
      .set({ isDelete: 1, onMarketDomestic: 0, onMarketOverseas: 0, gmtModifyTime: new Date() })
      .where(inArray(materials.id, ids))
      .returning({ id: materials.id, nameCn: materials.nameCn, nameEn: materials.nameEn });
    const was = new Map(before.map((b) => [b.id, b]));
    await emitMarketChanges(tx, companyId, rows.map((r) => ({ ...r, before: was.get(r.id) ?? null, after: { domestic: 0, overseas: 0 } })));
    // Only published materials lend their words to the search box's suggestions.
    await requestSuggestionsRebuild(tx);
    return { deleted: rows.length };
  });
  forgetListings();
  return result;
}
