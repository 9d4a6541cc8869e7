import type { Lang } from '../../i18n';
import { catalogueSnapshot } from './catalogue-snapshot';

export type AliasSource = 'category1' | 'category2' | 'field';
export type AliasRow = { sourceId: number; sourceName: string; alias: string; status: number };

/** The active aliases of one kind (docs/product/catalogue.md#calls alias/category/first, /second, alias/field), with the standard name beside each. */
export async function listAliases(source: AliasSource, lang: Lang): Promise<AliasRow[]> {
  const catalogue = await catalogueSnapshot();
  const en = lang === 'en';
  const names = new Map<number, string>();
  if (source === 'field') for (const f of catalogue.fields.values()) names.set(f.id, en ? f.titleEn : f.titleCn);
  else for (const c of catalogue.categories.values()) if (`category${c.level}` === source) names.set(c.id, en ? c.nameEn : c.nameCn);
  const rows: AliasRow[] = [];
  for (const [key, alias] of catalogue.aliases) {
    const [type, id] = key.split(':');
    const name = names.get(Number(id));
    if (type === source && name !== undefined) rows.push({ sourceId: Number(id), sourceName: name, alias: en ? alias.en : alias.cn, status: 1 });
  }
  return rows;
}
