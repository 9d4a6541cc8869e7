/**
 * The content collections as pages read them (docs/product/content.md): one entry per slug in the reader's
 * language, or in the other language with a fallback mark when that version is missing. Entries are files under
 * `src/content/<collection>/<lang>/<slug>.md`, so an entry's id is `<lang>/<slug>`. Content changes only with a
 * build, so each collection is read once per process.
 */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { formatTime } from '../../format-time';
import { LANGUAGES, type Lang } from '../../i18n';
import { rememberPromise } from '../remember-promise';
import { buildHelpIndex, searchHelpIndex, type HelpHit, type HelpIndex } from '../content/search-help-articles';

export type Localized<C extends CollectionKey> = {
  entry: CollectionEntry<C>;
  slug: string;
  /** The language the entry is written in. */
  lang: Lang;
  /** The reader's language has no version of this entry: this is the other one. */
  fallback: boolean;
};

function splitId(id: string): { lang: Lang; slug: string } | undefined {
  const [lang, ...rest] = id.split('/');
  const code = LANGUAGES.find((l) => l.code === lang)?.code;
  return code && rest.length > 0 ? { lang: code, slug: rest.join('/') } : undefined;
}

type SlugMap = Map<string, Map<Lang, CollectionEntry<CollectionKey>>>;
const collections = new Map<CollectionKey, Promise<SlugMap>>();

/** slug → language → entry, read once. */
function bySlug<C extends CollectionKey>(collection: C): Promise<Map<string, Map<Lang, CollectionEntry<C>>>> {
  return rememberPromise(collections, collection, async () => {
    const map: SlugMap = new Map();
    for (const entry of await getCollection(collection)) {
      const where = splitId(entry.id);
      if (!where) continue;
      const langs = map.get(where.slug) ?? new Map<Lang, CollectionEntry<CollectionKey>>();
      langs.set(where.lang, entry);
      map.set(where.slug, langs);
    }
    return map;
  }) as Promise<Map<string, Map<Lang, CollectionEntry<C>>>>;
}

function pick<C extends CollectionKey>(slug: string, langs: Map<Lang, CollectionEntry<C>>, lang: Lang): Localized<C> | undefined {
  const own = langs.get(lang);
  if (own) return { entry: own, slug, lang, fallback: false };
  for (const other of LANGUAGES) {
    const entry = langs.get(other.code);
    if (entry) return { entry, slug, lang: other.code, fallback: true };
  }
  return undefined;
}

/** Every entry of a collection once, in the reader's language where it is written in it. */
export async function localizedEntries<C extends CollectionKey>(collection: C, lang: Lang): Promise<Localized<C>[]> {
  const map = await bySlug(collection);
  return [...map].flatMap(([slug, langs]) => pick(slug, langs, lang) ?? []);
}

/** One entry by slug, in the reader's language or, failing that, the other. */
export async function localizedEntry<C extends CollectionKey>(collection: C, slug: string, lang: Lang): Promise<Localized<C> | undefined> {
  const langs = (await bySlug(collection)).get(slug);
  return langs ? pick(slug, langs, lang) : undefined;
}

const helpIndexes = new Map<Lang, Promise<HelpIndex>>();

/** The help articles a query finds, in the reader's language (articles shown in the other language are searched in it). */
export async function searchHelp(query: string, lang: Lang): Promise<{ article: Localized<'help'>; hit: HelpHit }[]> {
  const articles = await localizedEntries('help', lang);
  const index = rememberPromise(helpIndexes, lang, async () =>
    buildHelpIndex(
      articles.map(({ slug, entry }) => ({
        slug,
        title: entry.data.title,
        summary: entry.data.summary,
        keywords: entry.data.keywords,
        headings: [...(entry.body ?? '').matchAll(/^#{2,3}\s+(.+)$/gm)].map((m) => m[1] ?? ''),
        body: entry.body ?? '',
      })),
    ),
  );
  const bySlugHere = new Map(articles.map((a) => [a.slug, a]));
  return searchHelpIndex(await index, query).flatMap((hit) => {
    const article = bySlugHere.get(hit.slug);
    return article ? [{ article, hit }] : [];
  });
}

/** A content date (a calendar day written in the frontmatter) as the reader's language writes days; no time zone moves it. */
export function contentDate(day: Date, lang: Lang): string {
  return formatTime(day, lang, '+00:00', 'date');
}
