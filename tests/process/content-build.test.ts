/**
 * A content entry that does not fit its collection's schema stops the build, and the error names the file
 * (docs/product/content.md#collections). Each case builds a small site of its own with the project's content
 * configuration and schemas and one broken entry, with the real `astro build`.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sites: string[] = [];

/** A site with the project's collections and the given entries (paths under src/content). */
function siteWith(entries: Record<string, string>): string {
  const site = mkdtempSync(path.join(tmpdir(), 'matlib-content-'));
  sites.push(site);
  mkdirSync(path.join(site, 'src/content'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  writeFileSync(path.join(site, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(site, 'astro.config.mjs'), "import { defineConfig } from 'astro/config';\nexport default defineConfig({});\n");
  copyFileSync(path.join(ROOT, 'src/content.config.ts'), path.join(site, 'src/content.config.ts'));
  copyFileSync(path.join(ROOT, 'src/content/schemas.ts'), path.join(site, 'src/content/schemas.ts'));
  for (const [file, text] of Object.entries(entries)) {
    mkdirSync(path.dirname(path.join(site, 'src/content', file)), { recursive: true });
    writeFileSync(path.join(site, 'src/content', file), text);
  }
  return site;
}

/** `astro build` of the site: its exit code and everything it printed. */
async function build(site: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', site], { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const article = (frontmatter: string) => `---\n${frontmatter}\n---\n\n## One\n\nText.\n\n## Two\n\nMore text.\n`;
const goodArticle = article('title: Sample requests\nsummary: How to ask for samples.\ntopic: sampling\norder: 1\nupdated: 2026-11-28');
const trend = (hex: string) => `---\ntitle: Citrus\nsummary: Bright.\nseason: Spring/Summer 2027\npublished: 2026-11-01\npalette:\n  - { name: Lime, hex: '#C8E03A' }\n  - { name: Orange, hex: '${hex}' }\n  - { name: Ink, hex: '#1B2A4A' }\npicks:\n  - { label: Mesh, keywords: mesh }\n---\n\n## Mood\n\nText.\n`;

afterEach(() => {
  for (const site of sites.splice(0)) rmSync(site, { recursive: true, force: true });
});

describe('content that does not fit its schema', () => {
  it('builds when every entry fits', async () => {
    const result = await build(siteWith({ 'help/en/sample-requests.md': goodArticle, 'trends/en/citrus.md': trend('#FF8C1A') }));
    expect(result.output).not.toContain('InvalidContentEntryDataError');
    expect(result.code).toBe(0);
  });

  it('stops the build at a help article without a title, naming the file', async () => {
    const result = await build(siteWith({ 'help/en/sample-requests.md': goodArticle, 'help/cn/no-title.md': article('summary: 没有标题。\ntopic: sampling\norder: 2\nupdated: 2026-11-28') }));
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('InvalidContentEntryDataError');
    expect(result.output).toContain('src/content/help/cn/no-title.md');
    expect(result.output).toContain('a title is required');
  });

  it('stops the build at a trend color that is not a hex, naming the file', async () => {
    const result = await build(siteWith({ 'trends/en/citrus.md': trend('orange') }));
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('src/content/trends/en/citrus.md');
    expect(result.output).toContain('a trend color is a hex like #A1B2C3');
  });
});
