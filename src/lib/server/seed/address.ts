import type { Database } from '../db/client';
import { addressNodes } from '../db/schema';
import { ADDRESS_TREE, type AddressEntry } from './address-data';

/** The address tree, level by level (parents first, so children know their parent's id); existing codes stay. */
export async function seedAddressTree(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    const ids = new Map<string, number>();
    const existing = await tx.select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes);
    for (const row of existing) ids.set(row.code, row.id);
    const walk = async (entries: readonly AddressEntry[], parent: string | null, level: number) => {
      for (const [sort, [code, zh, en, children = [], top = false]] of entries.entries()) {
        if (!ids.has(code)) {
          const [row] = await tx
            .insert(addressNodes)
            .values({ code, fullZhName: zh, fullEnName: en, level, sort, isTopCity: top ? 1 : 0, parentId: parent === null ? null : (ids.get(parent) ?? null) })
            .returning({ id: addressNodes.id });
          if (!row) throw new Error('address insert returned no row');
          ids.set(code, row.id);
          inserted += 1;
        }
        await walk(children, code, level + 1);
      }
    };
    await walk(ADDRESS_TREE, null, 1);
    return inserted;
  });
}
