import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { catalogueAliases, categories, materialFields } from '../db/schema';
import { ALIASES } from './catalogue-data';

/** The industry aliases of categories and fields; needs the catalogue and the fields seeded first. */
export async function seedAliases(db: Database): Promise<number> {
  const codes = ALIASES.map(([, code]) => code);
  const cats = await db.select({ id: categories.id, code: categories.code }).from(categories).where(inArray(categories.code, codes));
  const fields = await db.select({ id: materialFields.id, code: materialFields.fieldCode }).from(materialFields).where(inArray(materialFields.fieldCode, codes));
  const idOf = new Map([...cats, ...fields].map((r) => [r.code, r.id]));
  const rows = ALIASES.flatMap(([sourceType, code, aliasCn, aliasEn]) => {
    const sourceId = idOf.get(code);
    return sourceId === undefined ? [] : [{ sourceType, sourceId, aliasCn, aliasEn }];
  });
  if (rows.length === 0) return 0;
  return (await db.insert(catalogueAliases).values(rows).onConflictDoNothing().returning({ id: catalogueAliases.id })).length;
}
