import { asc, inArray } from 'drizzle-orm';
import type { DictionaryItem } from '../../contracts/catalogue';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { dictionaryItems } from '../db/schema';

/** Dictionaries by type code (docs/product/catalogue.md#calls open/dict/item/list, list-codes), labelled in the caller's language, as trees. */
export async function listDictionaries(typeCodes: string[], lang: Lang): Promise<Record<string, DictionaryItem[]>> {
  const rows = await getDb()
    .select()
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.typeCode, typeCodes))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
  const result: Record<string, DictionaryItem[]> = Object.fromEntries(typeCodes.map((code) => [code, []]));
  const byKey = new Map<string, DictionaryItem>();
  for (const row of rows) byKey.set(`${row.typeCode}:${row.itemValue}`, { itemValue: row.itemValue, label: lang === 'en' ? row.labelEn : row.labelCn, children: [] });
  for (const row of rows) {
    const item = byKey.get(`${row.typeCode}:${row.itemValue}`);
    const parent = row.parentValue ? byKey.get(`${row.typeCode}:${row.parentValue}`) : undefined;
    if (item) (parent ? parent.children : (result[row.typeCode] ??= [])).push(item);
  }
  return result;
}
