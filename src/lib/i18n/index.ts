/**
 * The only module that touches i18next. Server code gets a per-request fixed `t` (never the global language:
 * requests in different languages render concurrently); islands get `createClientT` over the messages the page
 * inlines, so no i18n library ships to the browser.
 */
import i18next, { type TFunction } from 'i18next';
import cnBase from './locales/cn.json';
import enBase from './locales/en.json';
import materialCn from './locales/material.cn.json';
import materialEn from './locales/material.en.json';
import merchantCn from './locales/merchant.cn.json';
import merchantEn from './locales/merchant.en.json';
import searchCn from './locales/search.cn.json';
import searchEn from './locales/search.en.json';
import colorSearchCn from './locales/colorSearch.cn.json';
import colorSearchEn from './locales/colorSearch.en.json';
import colorLibraryCn from './locales/colorLibrary.cn.json';
import colorLibraryEn from './locales/colorLibrary.en.json';
import materialBooksCn from './locales/materialBooks.cn.json';
import materialBooksEn from './locales/materialBooks.en.json';
import paletteImportCn from './locales/paletteImport.cn.json';
import paletteImportEn from './locales/paletteImport.en.json';
import homepageCn from './locales/homepage.cn.json';
import homepageEn from './locales/homepage.en.json';
import imageSearchCn from './locales/imageSearch.cn.json';
import imageSearchEn from './locales/imageSearch.en.json';
import addressBookCn from './locales/addressBook.cn.json';
import addressBookEn from './locales/addressBook.en.json';
import collectionsCn from './locales/collections.cn.json';
import collectionsEn from './locales/collections.en.json';
import sampleBagCn from './locales/sampleBag.cn.json';
import sampleBagEn from './locales/sampleBag.en.json';
import sampleRequestCn from './locales/sampleRequest.cn.json';
import sampleRequestEn from './locales/sampleRequest.en.json';
import uploadCn from './locales/upload.cn.json';
import uploadEn from './locales/upload.en.json';
import supplierCn from './locales/supplier.cn.json';
import supplierEn from './locales/supplier.en.json';
import editorCn from './locales/editor.cn.json';
import editorEn from './locales/editor.en.json';
import materialFileCn from './locales/materialFile.cn.json';
import materialFileEn from './locales/materialFile.en.json';
import preview3dCn from './locales/preview3d.cn.json';
import preview3dEn from './locales/preview3d.en.json';
import newsCn from './locales/news.cn.json';
import newsEn from './locales/news.en.json';
import contentCn from './locales/content.cn.json';
import contentEn from './locales/content.en.json';
import hostCn from './locales/host.cn.json';
import hostEn from './locales/host.en.json';
import contactCn from './locales/contact.cn.json';
import contactEn from './locales/contact.en.json';
import libraryCn from './locales/library.cn.json';
import libraryEn from './locales/library.en.json';
import insightsCn from './locales/insights.cn.json';
import insightsEn from './locales/insights.en.json';
import type { Dict } from './client';
import { deepFreeze } from '../deep-freeze';

export { createClientT, errorMessage, type ClientT } from './client';

export const LANGUAGES = [
  { code: 'cn', name: '中文', htmlLang: 'zh-CN', accept: ['zh'] },
  { code: 'en', name: 'English', htmlLang: 'en', accept: ['en'] },
] as const;
export type Lang = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANG: Lang = 'cn';
export const LANG_COOKIE = 'lang';
/** The query that asks for one page in a given language (docs/product/content.md#languages). */
export const LANG_QUERY = 'lang';
// Feature files (`<feature>.<lang>.json`) become the top-level `<feature>` key, so features edit their own files.
const cn = { ...cnBase, material: materialCn, merchant: merchantCn, search: searchCn, colorSearch: colorSearchCn, imageSearch: imageSearchCn, addressBook: addressBookCn, collections: collectionsCn, sampleBag: sampleBagCn, sampleRequest: sampleRequestCn, upload: uploadCn, supplier: supplierCn, editor: editorCn, materialFile: materialFileCn, preview3d: preview3dCn, colorLibrary: colorLibraryCn, materialBooks: materialBooksCn, paletteImport: paletteImportCn, homepage: homepageCn, news: newsCn, content: contentCn, host: hostCn, contact: contactCn, library: libraryCn, insights: insightsCn };
const en = { ...enBase, material: materialEn, merchant: merchantEn, search: searchEn, colorSearch: colorSearchEn, imageSearch: imageSearchEn, addressBook: addressBookEn, collections: collectionsEn, sampleBag: sampleBagEn, sampleRequest: sampleRequestEn, upload: uploadEn, supplier: supplierEn, editor: editorEn, materialFile: materialFileEn, preview3d: preview3dEn, colorLibrary: colorLibraryEn, materialBooks: materialBooksEn, paletteImport: paletteImportEn, homepage: homepageEn, news: newsEn, content: contentEn, host: hostEn, contact: contactEn, library: libraryEn, insights: insightsEn };
export const MESSAGES: Record<Lang, typeof cn> = deepFreeze({ cn, en });

export function isLang(value: unknown): value is Lang {
  return LANGUAGES.some((l) => l.code === value);
}

export function htmlLang(lang: Lang): string {
  return LANGUAGES.find((l) => l.code === lang)?.htmlLang ?? 'zh-CN';
}

/**
 * The language of a request: the remembered choice (cookie), else the best Accept-Language match by q-value,
 * else the fallback: cn (docs/product/README.md#users), en on the overseas market.
 */
export function negotiateLanguage(cookieValue: string | undefined | null, acceptLanguage: string | null | undefined, fallback: Lang = DEFAULT_LANG): Lang {
  if (isLang(cookieValue)) return cookieValue;
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.tag && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    const hit = LANGUAGES.find((l) => (l.accept as readonly string[]).includes(primary ?? ''));
    if (hit) return hit.code;
  }
  return fallback;
}

const instance = i18next.createInstance();
void instance.init({
  resources: { cn: { translation: cn }, en: { translation: en } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: LANGUAGES.map((l) => l.code),
  initAsync: false,
  // Astro escapes on output; escaping here too would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type T = TFunction;

const fixed = new Map<Lang, T>();
/** Plain lookups remembered per language; a bound, since keys can be built from what a request carries. */
const MAX_REMEMBERED = 5_000;

/**
 * A translator fixed to one language, safe to use across concurrent requests. A page makes hundreds of plain
 * lookups (a key, no options), which i18next resolves anew each time: those are remembered.
 */
export function getT(lang: Lang): T {
  let t = fixed.get(lang);
  if (!t) {
    const resolve = instance.getFixedT(lang) as unknown as (...args: unknown[]) => unknown;
    const plain = new Map<string, unknown>();
    t = ((...args: unknown[]) => {
      const [key] = args;
      if (args.length !== 1 || typeof key !== 'string') return resolve(...args);
      let value = plain.get(key);
      if (value === undefined) {
        value = resolve(key);
        if (plain.size < MAX_REMEMBERED) plain.set(key, value);
      }
      return value;
    }) as unknown as T;
    fixed.set(lang, t);
  }
  return t;
}

/** The subset of messages islands need, inlined into each page as JSON. */
export function clientMessages(lang: Lang): Dict {
  const m = MESSAGES[lang];
  return { toolbar: m.toolbar, dialog: m.dialog, errors: m.errors, header: m.header, lang: m.lang, userMenu: m.userMenu, common: m.common, share: m.share, login: m.login, validator: m.validator };
}
