import { LRUCache } from 'lru-cache';
import { MARKET_TYPE, type MarketType } from '../../constants';
import type { DictionaryItem } from '../../contracts/catalogue';
import { materialQuerySchema, type MaterialCard } from '../../contracts/materials';
import type { MerchantCard } from '../../contracts/merchants';
import type { Lang } from '../../i18n';
import { listDictionaries } from '../catalogue/list-dictionary';
import { findMaterials } from '../materials/find-materials';
import { findMerchants } from '../merchants/find-merchants';
import { rememberPromise } from '../remember-promise';

export const HOME_NEW_MATERIALS = 10;
export const HOME_PICKS = 6;

export type HomeShowcase = {
  /** The newest published materials. */
  materials: MaterialCard[];
  /** The platform's picks (choiceness), without any viewer's follow state. */
  merchants: MerchantCard[];
  /** docs/product/catalogue.md#data colorFamily dictionary, labelled. */
  colorFamilies: DictionaryItem[];
  /** Price unit code → label. */
  unitLabels: Record<string, string>;
};

// The home page is the busiest page and the same for everyone in a language: its catalogue sections are built once
// a minute per language and market. A minute's delay on a new listing is invisible there, and the signed image URLs inside
// stay valid for at least ten minutes (expiry rounded to 5-minute steps plus 900 s, images/image-url.ts).
const SHOWCASE_TTL_MS = 60_000;
const cache = new LRUCache<string, Promise<HomeShowcase>>({ max: 8, ttl: SHOWCASE_TTL_MS });

/** What the home page shows from the catalogue (docs/product/routes.md#routes /home): new materials, recommended merchants, labels. */
export function homeShowcase(lang: Lang, marketType: MarketType = MARKET_TYPE.domestic): Promise<HomeShowcase> {
  return rememberPromise(cache, `${lang}:${marketType}`, () => build(lang, marketType));
}

/** For tests that change the catalogue and then read the home page in the same process. */
export function forgetHomeShowcase(): void {
  cache.clear();
}

async function build(lang: Lang, marketType: MarketType): Promise<HomeShowcase> {
  const [materials, merchants, dictionaries] = await Promise.all([
    findMaterials(materialQuerySchema.parse({ sort: 'newest', page: 1, size: HOME_NEW_MATERIALS }), { lang, marketType }),
    findMerchants({ keyword: undefined, page: 1, size: HOME_PICKS }, { lang, viewerId: null, choiceness: true }),
    listDictionaries(['colorFamily', 'priceUnit'], lang),
  ]);
  return {
    materials: materials.records,
    merchants: merchants.records,
    colorFamilies: dictionaries.colorFamily ?? [],
    unitLabels: Object.fromEntries((dictionaries.priceUnit ?? []).map((item) => [item.itemValue, item.label])),
  };
}
