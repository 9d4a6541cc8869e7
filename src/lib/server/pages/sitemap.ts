/**
 * The sitemap (docs/product/content.md#sitemap): the pages anyone may open that read the same for everyone, each
 * with its address per language (hreflang alternates, as the pages' own links name them), and the materials of
 * the store. Written as XML here: the format is a few fixed elements.
 */
import { LANG_QUERY, LANGUAGES, htmlLang } from '../../i18n';
import { POLICY_SLUGS } from '../../../content/schemas';
import { localizedEntries } from './content';

export interface SitemapUrl {
  path: string;
  lastmod?: Date | undefined;
  /** Whether the page has an address per language (`?lang=`). */
  perLanguage: boolean;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The open pages with content of their own: landings, help articles, trend stories, policies, plugins. */
export async function contentSitemapUrls(): Promise<SitemapUrl[]> {
  const [help, trends, plugins, pages, policies] = await Promise.all([
    localizedEntries('help', 'cn'),
    localizedEntries('trends', 'cn'),
    localizedEntries('plugins', 'cn'),
    localizedEntries('pages', 'cn'),
    localizedEntries('policies', 'cn'),
  ]);
  const landings = ['/home', '/material-library', '/official-account', '/help-center', '/main/fashion-trend', '/main/plugin-center', '/main/plugin-center/download', '/policy'];
  // Lists whose address carries their filters: one address each, in the reader's language.
  const lists = ['/main/material-store', '/merchant/home'];
  return [
    ...landings.map((path) => ({ path, perLanguage: true })),
    ...lists.map((path) => ({ path, perLanguage: false })),
    ...help.map((a) => ({ path: `/help-center/article/${a.slug}`, lastmod: a.entry.data.updated, perLanguage: true })),
    ...trends.map((s) => ({ path: `/main/fashion-trend/${s.slug}`, lastmod: s.entry.data.published, perLanguage: true })),
    ...plugins.map((p) => ({ path: `/main/plugin-center/${p.slug}`, lastmod: p.entry.data.versions[0]?.released, perLanguage: true })),
    ...pages.map((p) => ({ path: `/${p.slug}`, lastmod: p.entry.data.updated, perLanguage: true })),
    ...policies.filter((p) => (POLICY_SLUGS as readonly string[]).includes(p.slug)).map((p) => ({ path: `/policy/${p.slug}`, lastmod: p.entry.data.effective, perLanguage: true })),
  ];
}

/** A `<urlset>`: a page with an address per language is listed once per language, each naming all of them. */
export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const at = (path: string, lang?: string) => {
    const url = new URL(path, origin);
    if (lang) url.searchParams.set(LANG_QUERY, lang);
    return escapeXml(url.href);
  };
  const entries = urls.flatMap((u) => {
    const lastmod = u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : '';
    if (!u.perLanguage) return [`<url><loc>${at(u.path)}</loc>${lastmod}</url>`];
    const alternates = [...LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${htmlLang(l.code)}" href="${at(u.path, l.code)}"/>`), `<xhtml:link rel="alternate" hreflang="x-default" href="${at(u.path)}"/>`].join('');
    return LANGUAGES.map((l) => `<url><loc>${at(u.path, l.code)}</loc>${lastmod}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, paths: readonly string[]): string {
  const entries = paths.map((p) => `<sitemap><loc>${escapeXml(new URL(p, origin).href)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export const xmlResponse = (xml: string) => new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
