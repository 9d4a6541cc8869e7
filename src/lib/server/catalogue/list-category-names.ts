import type { Lang } from '../../i18n';
import { deepFreeze } from '../../deep-freeze';
import { catalogueSnapshot, labelIn, type CatalogueSnapshot } from './catalogue-snapshot';

export type NamedCategory = { id: number; name: string; children: { id: number; name: string }[] };

/**
 * The category tree as a buyer reads it in the store: names in their language, or the industry alias when they
 * turned aliases on (docs/product/README.md#users); plus the price-unit labels the tiles show.
 */
export async function listCategoryNames(lang: Lang, showAliases: boolean): Promise<CategoryNames> {
  const catalogue = await catalogueSnapshot();
  let named = namedBySnapshot.get(catalogue);
  if (!named) namedBySnapshot.set(catalogue, (named = new Map()));
  const key = `${lang}:${showAliases}`;
  let names = named.get(key);
  if (!names) named.set(key, (names = deepFreeze(nameCategories(catalogue, lang, showAliases))));
  return names;
}

type CategoryNames = Readonly<{ categories: NamedCategory[]; unitLabels: Record<string, string> }>;

// Every store and search page asks for the same few trees (per language and alias choice) until the catalogue
// changes, which makes a new snapshot: the trees are kept per snapshot, frozen since they are shared.
const namedBySnapshot = new WeakMap<CatalogueSnapshot, Map<string, CategoryNames>>();

function nameCategories(catalogue: CatalogueSnapshot, lang: Lang, showAliases: boolean): CategoryNames {
  const en = lang === 'en';
  const name = (c: { id: number; level: number; nameCn: string; nameEn: string }) => {
    const alias = showAliases ? catalogue.aliases.get(`category${c.level}:${c.id}`) : undefined;
    return alias ? (en ? alias.en : alias.cn) : en ? c.nameEn : c.nameCn;
  };
  const all = [...catalogue.categories.values()];
  const categories = all
    .filter((c) => c.level === 1)
    .map((root) => ({ id: root.id, name: name(root), children: all.filter((c) => c.parentId === root.id).map((c) => ({ id: c.id, name: name(c) })) }));
  const unitLabels: Record<string, string> = {};
  for (const unit of ['m', 'yd', 'sqft', 'pair', 'piece', 'kg']) unitLabels[unit] = labelIn(catalogue, `priceUnit:${unit}`, lang) ?? unit;
  return { categories, unitLabels };
}
