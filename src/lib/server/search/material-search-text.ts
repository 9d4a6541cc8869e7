import { sql, type SQL } from 'drizzle-orm';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { StoredMaterial } from '../materials/stored-material';
import { indexText } from './tokenize';

/** Dictionaries whose labels (both languages) make attribute values searchable. */
const DICTIONARY_FIELDS: Readonly<Record<string, string>> = { PF_PRODUCT: 'leadingProduct', PF_SEASON: 'season' };

/**
 * A material's `search_text`: names and serial number weigh most (A), then its category path and supplier, both in
 * Chinese and English with their aliases (B), then attribute values and color names (C). Every term goes through
 * `indexText`, so Chinese is searchable by bigrams.
 */
export function materialSearchText(m: Pick<StoredMaterial, 'nameCn' | 'nameEn' | 'serialNo' | 'categoryId' | 'attrs'> & { colorCards: { name: string }[] }, supplier: { orgName: string; nameEn: string | null }, catalogue: CatalogueSnapshot): SQL {
  const names = [m.nameCn, m.nameEn, m.serialNo];
  const context: string[] = [supplier.orgName, supplier.nameEn ?? ''];
  for (let c = catalogue.categories.get(m.categoryId); c; c = c.parentId === null ? undefined : catalogue.categories.get(c.parentId)) {
    const alias = catalogue.aliases.get(`category${c.level}:${c.id}`);
    context.push(c.nameCn, c.nameEn, alias?.cn ?? '', alias?.en ?? '');
  }
  const details: string[] = m.colorCards.map((card) => card.name);
  for (const [code, value] of Object.entries(m.attrs)) {
    const dict = Object.hasOwn(DICTIONARY_FIELDS, code) ? DICTIONARY_FIELDS[code] : undefined;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string' && typeof v !== 'number') continue;
      const label = dict ? catalogue.labels.get(`${dict}:${v}`) : code === 'PF_SHIP_FROM' ? catalogue.labels.get(`address:${v}`) : undefined;
      if (label) details.push(label.cn, label.en);
      else if (code === 'PF_COMPOSITION' || code === 'PF_YEAR_SEASON') details.push(String(v));
    }
  }
  return sql`setweight(to_tsvector('simple', ${indexText(...names)}), 'A') || setweight(to_tsvector('simple', ${indexText(...context)}), 'B') || setweight(to_tsvector('simple', ${indexText(...details)}), 'C')`;
}
