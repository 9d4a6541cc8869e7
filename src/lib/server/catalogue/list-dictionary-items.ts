import type { DictionaryItem } from '../../contracts/catalogue';
import type { Lang } from '../../i18n';
import { listDictionaries } from './list-dictionary';

/** Every item of a tree in reading order (a parent before its children), each without children. */
function flatten(items: DictionaryItem[]): DictionaryItem[] {
  return items.flatMap((item) => [{ itemValue: item.itemValue, label: item.label, children: [] }, ...flatten(item.children)]);
}

/**
 * Several dictionaries keyed by type code (docs/product/catalogue.md#dictionaries tree-item/list): as trees, or
 * flattened for a client that only looks labels up by value.
 */
export async function listDictionaryItems(typeCodes: string[], lang: Lang, tree: boolean): Promise<Record<string, DictionaryItem[]>> {
  const trees = await listDictionaries(typeCodes, lang);
  if (tree) return trees;
  return Object.fromEntries(Object.entries(trees).map(([code, items]) => [code, flatten(items)]));
}
