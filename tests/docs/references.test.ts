/**
 * The repository explains itself: every pointer into docs/ from code, tests and docs names a file and a heading that
 * exist, and nothing cites a document outside the repository by section or ticket number.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'tests', 'docs', 'bench', 'scripts', 'README.md', 'CONTRIBUTING.md'];
const TEXT = /\.(ts|tsx|mts|mjs|astro|css|md|json)$/;

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((name) => TEXT.test(name) && !name.includes('node_modules') && statSync(path.join(ROOT, name)).isFile());
}
const files = SCANNED.flatMap(filesUnder);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(doc: string): Set<string> {
  let anchors = anchorsCache.get(doc);
  if (!anchors) {
    const seen = new Map<string, number>();
    anchors = new Set();
    for (const [, heading] of read(doc).matchAll(/^#{1,6} (.+)$/gm)) {
      const base = slug(heading!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorsCache.set(doc, anchors);
  }
  return anchors;
}

/** `docs/…md#anchor` written anywhere, and relative markdown links inside .md files. */
function referencesIn(file: string): { target: string; anchor?: string }[] {
  const text = read(file);
  const refs: { target: string; anchor?: string }[] = [];
  for (const [, target, anchor] of text.matchAll(/\b(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) refs.push({ target: target!, ...(anchor ? { anchor } : {}) });
  // The site's own Markdown (src/content/) links to pages of the site, not to files: src/content/content.test.ts checks those.
  if (file.endsWith('.md') && !file.startsWith(`src${path.sep}content${path.sep}`)) {
    for (const [, link, anchor] of text.matchAll(/\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
      const target = link ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), link)) : file;
      refs.push({ target, ...(anchor ? { anchor } : {}) });
    }
  }
  return refs;
}

describe('references inside the repository', () => {
  it('name files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const { target, anchor } of referencesIn(file)) {
        if (target.startsWith('..') || !existsSync(path.join(ROOT, target))) broken.push(`${file}: ${target}`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${file}: ${target}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never cite a section or a ticket of a document kept elsewhere', () => {
    // Built from parts so that this file does not match itself.
    const section = new RegExp(['\u00a7[0-9]', 'DESIGN \u00a7', 'issue [0-9]'].join('|'));
    const citing = files.filter((file) => section.test(read(file)));
    expect(citing).toEqual([]);
  });
});
