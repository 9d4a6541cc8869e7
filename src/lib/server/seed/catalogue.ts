import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, dictionaryItems } from '../db/schema';
import { CATEGORY_TREE, DICTIONARIES } from './catalogue-data';

/** The category tree and the dictionaries; rows that exist (by code) are left as they are. */
export async function seedCatalogue(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    for (const [sort, [[code, nameCn, nameEn], children]] of CATEGORY_TREE.entries()) {
      const [root] = await tx
        .insert(categories)
        .values({ code, nameCn, nameEn, level: 1, sort })
        .onConflictDoUpdate({ target: categories.code, set: { code: sql`excluded.code` } })
        .returning({ id: categories.id, created: sql<boolean>`xmax = 0` });
      if (!root) throw new Error('category upsert returned no row');
      if (root.created) inserted += 1;
      const rows = children.map(([childCode, cn, en], index) => ({ code: childCode, nameCn: cn, nameEn: en, level: 2, parentId: root.id, sort: index }));
      inserted += (await tx.insert(categories).values(rows).onConflictDoNothing().returning({ id: categories.id })).length;
    }
    for (const [typeCode, items] of Object.entries(DICTIONARIES)) {
      const rows = items.map(([itemValue, labelCn, labelEn], sort) => ({ typeCode, itemValue, labelCn, labelEn, sort }));
      inserted += (await tx.insert(dictionaryItems).values(rows).onConflictDoNothing().returning({ id: dictionaryItems.id })).length;
    }
    return inserted;
  });
}
