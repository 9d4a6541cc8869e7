/**
 * The content collections as a reader meets them (docs/product/content.md): every entry fits its schema, exists in
 * both languages, names related articles that exist, and links only to pages the site has. Astro checks the
 * schemas again when it builds; this test also checks what a schema cannot see across files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ZodType } from 'zod';
import { HELP_ARTICLES } from '../lib/help-links';
import { isBuilt } from '../lib/routes';
import { helpSchema, pageSchema, pluginSchema, PLUGIN_KINDS, POLICY_SLUGS, policySchema, trendSchema } from './schemas';

const ROOT = new URL('.', import.meta.url).pathname;
const LANGS = ['cn', 'en'] as const;

interface Entry {
  collection: string;
  lang: (typeof LANGS)[number];
  slug: string;
  data: Record<string, unknown>;
  body: string;
}

function readCollection(collection: string): Entry[] {
  return LANGS.flatMap((lang) => {
    const dir = join(ROOT, collection, lang);
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.md'));
    } catch {
      return [];
    }
    return files.map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${collection}/${lang}/${file}: no frontmatter block`);
      return { collection, lang, slug: file.slice(0, -3), data: parseYaml(match[1] ?? '') as Record<string, unknown>, body: match[2] ?? '' };
    });
  });
}

const COLLECTIONS: Record<string, ZodType> = { help: helpSchema, trends: trendSchema, policies: policySchema, pages: pageSchema, plugins: pluginSchema };
const entries = Object.keys(COLLECTIONS).flatMap(readCollection);
const slugsOf = (collection: string, lang: string) => new Set(entries.filter((e) => e.collection === collection && e.lang === lang).map((e) => e.slug));
const name = (e: Entry) => `${e.collection}/${e.lang}/${e.slug}.md`;

/** Site paths a Markdown body links to: `[text](/path)`. */
function siteLinks(body: string): string[] {
  return [...body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1] ?? '');
}

describe('content collections', () => {
  it('every entry fits its collection schema', () => {
    const failures = entries.flatMap((e) => {
      const schema = COLLECTIONS[e.collection];
      const result = schema?.safeParse(e.data);
      return result?.success ? [] : [`${name(e)}: ${result?.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(failures).toEqual([]);
  });

  it('every entry exists in both languages', () => {
    const missing = Object.keys(COLLECTIONS).flatMap((collection) => {
      const cn = slugsOf(collection, 'cn');
      const en = slugsOf(collection, 'en');
      return [...[...cn].filter((s) => !en.has(s)).map((s) => `${collection}/en/${s}.md`), ...[...en].filter((s) => !cn.has(s)).map((s) => `${collection}/cn/${s}.md`)];
    });
    expect(missing).toEqual([]);
  });

  it('has the entries the site promises', () => {
    expect(slugsOf('help', 'cn').size).toBeGreaterThanOrEqual(25);
    expect(slugsOf('trends', 'cn').size).toBeGreaterThanOrEqual(6);
    expect([...slugsOf('policies', 'cn')].sort()).toEqual([...POLICY_SLUGS].sort());
    expect(slugsOf('pages', 'cn')).toEqual(new Set(['about-us', 'legal-terms']));
    const kinds = entries.filter((e) => e.collection === 'plugins').map((e) => e.data.kind);
    expect(new Set(kinds)).toEqual(new Set(PLUGIN_KINDS));
  });

  it('has every article the interface links to where people get stuck', () => {
    for (const lang of LANGS) expect(Object.values(HELP_ARTICLES).filter((slug) => !slugsOf('help', lang).has(slug)), lang).toEqual([]);
  });

  it('help articles name related articles that exist and have sections for a table of contents', () => {
    const problems = entries
      .filter((e) => e.collection === 'help')
      .flatMap((e) => {
        const slugs = slugsOf('help', e.lang);
        const related = (e.data.related as string[] | undefined) ?? [];
        const out = related.filter((s) => !slugs.has(s) || s === e.slug).map((s) => `${name(e)}: related "${s}" is not another article`);
        if ((e.body.match(/^## /gm) ?? []).length < 2) out.push(`${name(e)}: fewer than two "## " sections`);
        return out;
      });
    expect(problems).toEqual([]);
  });

  it('bodies use Markdown only: no HTML, no first-level heading (the title is the heading)', () => {
    const problems = entries.flatMap((e) => {
      const out: string[] = [];
      if (/<[a-zA-Z/!][^>]*>/.test(e.body.replace(/`[^`]*`/g, ''))) out.push(`${name(e)}: contains HTML`);
      if (/^# /m.test(e.body)) out.push(`${name(e)}: has a "# " heading`);
      if (e.body.trim().length < 200) out.push(`${name(e)}: body shorter than 200 characters`);
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('links only to pages the site has, and to help articles that exist', () => {
    const broken = entries.flatMap((e) =>
      siteLinks(e.body)
        .filter((href) => {
          const article = /^\/help-center\/article\/([a-z0-9-]+)/.exec(href);
          if (article) return !slugsOf('help', e.lang).has(article[1] ?? '');
          return !isBuilt(href);
        })
        .map((href) => `${name(e)}: ${href}`),
    );
    expect(broken).toEqual([]);
  });
});
