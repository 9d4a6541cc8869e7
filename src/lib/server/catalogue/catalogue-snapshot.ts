import { LRUCache } from 'lru-cache';
import { asc, eq } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { addressNodes, catalogueAliases, categories, categoryFields, dictionaryItems, materialFields } from '../db/schema';

/**
 * Reference data every listing needs (categories, labels, aliases), read once a minute instead of per request:
 * it changes only when an operator edits the catalogue, and a minute's delay is acceptable there.
 */
export type CatalogueSnapshot = {
  categories: Map<number, { id: number; code: string; parentId: number | null; level: number; nameCn: string; nameEn: string }>;
  /** `${type}:${value}` → labels (dictionaries, and `address:<code>` for the address tree). */
  labels: Map<string, { cn: string; en: string }>;
  /** `${sourceType}:${sourceId}` → alias. */
  aliases: Map<string, { cn: string; en: string }>;
  fields: Map<string, { id: number; titleCn: string; titleEn: string; schema: Record<string, unknown>; fieldType: number; sort: number }>;
  /** `${level-1 category id}:${market type}` → the field codes its template uses in that market. */
  templates: Map<string, Set<string>>;
};

const cache = new LRUCache<'snapshot', Promise<CatalogueSnapshot>>({ max: 1, ttl: 60_000 });

export function catalogueSnapshot(): Promise<CatalogueSnapshot> {
  let value = cache.get('snapshot');
  if (!value) {
    value = load();
    cache.set('snapshot', value);
    value.catch(() => cache.delete('snapshot'));
  }
  return value;
}

/** After a catalogue edit in this process (and in tests that seed between cases). */
export function forgetCatalogueSnapshot(): void {
  cache.clear();
}

export function labelIn(snapshot: CatalogueSnapshot, key: string, lang: Lang): string | undefined {
  const label = snapshot.labels.get(key);
  return label ? (lang === 'en' ? label.en : label.cn) : undefined;
}

async function load(): Promise<CatalogueSnapshot> {
  const db = getDb();
  const [cats, items, places, aliases, fields, links] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.level), asc(categories.sort)),
    db.select().from(dictionaryItems),
    db.select({ code: addressNodes.code, cn: addressNodes.fullZhName, en: addressNodes.fullEnName }).from(addressNodes),
    db.select().from(catalogueAliases),
    db.select().from(materialFields).orderBy(asc(materialFields.fieldType), asc(materialFields.sort)),
    db.select({ categoryId: categoryFields.categoryId, marketType: categoryFields.marketType, code: materialFields.fieldCode }).from(categoryFields).innerJoin(materialFields, eq(materialFields.id, categoryFields.fieldId)),
  ]);
  const templates = new Map<string, Set<string>>();
  for (const link of links) {
    const key = `${link.categoryId}:${link.marketType}`;
    templates.set(key, (templates.get(key) ?? new Set()).add(link.code));
  }
  const labels = new Map<string, { cn: string; en: string }>();
  for (const item of items) labels.set(`${item.typeCode}:${item.itemValue}`, { cn: item.labelCn, en: item.labelEn });
  for (const p of places) labels.set(`address:${p.code}`, { cn: p.cn, en: p.en });
  return {
    categories: new Map(cats.map((c) => [c.id, { id: c.id, code: c.code, parentId: c.parentId, level: c.level, nameCn: c.nameCn, nameEn: c.nameEn }])),
    labels,
    fields: new Map(fields.map((f) => [f.fieldCode, { id: f.id, titleCn: f.titleCn, titleEn: f.titleEn, schema: f.schema, fieldType: f.fieldType, sort: f.sort }])),
    aliases: new Map(aliases.filter((a) => a.status === 1).map((a) => [`${a.sourceType}:${a.sourceId}`, { cn: a.aliasCn, en: a.aliasEn }])),
    templates,
  };
}
