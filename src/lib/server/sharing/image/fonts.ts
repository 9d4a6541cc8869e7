/**
 * Noto Sans SC from @fontsource/noto-sans-sc, read from node_modules rather than from the system: the servers have
 * no CJK font, and librsvg would draw empty boxes for Chinese (ADR 0011). The package splits the font into ~100
 * woff2 slices by unicode range (the ones browsers download on demand); we load only the slices a text touches,
 * parse each once per weight and keep it for the life of the process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

export type FontWeight = 400 | 700;

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));

let subsetByCodePoint: Map<number, string> | undefined;

/** Which slice holds a code point: `"114"`, `"latin"`…, or undefined when the font has no glyph for it. */
export function subsetOf(codePoint: number): string | undefined {
  if (!subsetByCodePoint) subsetByCodePoint = readSubsets();
  return subsetByCodePoint.get(codePoint);
}

function readSubsets(): Map<number, string> {
  const ranges = require(path.join(packageDir, 'unicode.json')) as Record<string, string>;
  const map = new Map<number, string>();
  // Numbered slices first, named ones last so they win where they overlap (the numbered slice 119 repeats ASCII
  // punctuation): Latin text then stays in one font, and kerning applies across it.
  const keys = Object.keys(ranges).sort((a, b) => Number(b.startsWith('[')) - Number(a.startsWith('[')));
  for (const key of keys) {
    const name = key.replace(/^\[|\]$/g, '');
    for (const range of ranges[key]!.split(',')) {
      const [lo, hi] = range.trim().replace(/^U\+/i, '').split('-');
      const from = parseInt(lo!, 16);
      const to = hi ? parseInt(hi, 16) : from;
      for (let cp = from; cp <= to; cp++) map.set(cp, name);
    }
  }
  return map;
}

/**
 * The file of one slice at one weight. PDFs embed the WOFF form: a PDF writer subsets a font by copying its glyph
 * outlines, which WOFF keeps as they are (only compressed) and WOFF2 rewrites.
 */
export const fontFile = (subset: string, weight: FontWeight, format: 'woff' | 'woff2' = 'woff2') => path.join(packageDir, 'files', `noto-sans-sc-${subset}-${weight}-normal.${format}`);

const fonts = new Map<string, Promise<fontkit.Font>>();

/** The parsed slice `subset` at `weight`, loaded once; a failed read is forgotten so a later call retries. */
export function loadFont(subset: string, weight: FontWeight): Promise<fontkit.Font> {
  const key = `${subset}-${weight}`;
  let font = fonts.get(key);
  if (!font) {
    const file = fontFile(subset, weight);
    font = readFile(file).then((bytes) => {
      const parsed = fontkit.create(bytes);
      if (!('layout' in parsed)) throw new Error(`${file} is a font collection, expected one font`);
      return parsed;
    });
    font.catch(() => fonts.delete(key));
    fonts.set(key, font);
  }
  return font;
}

/** How many slices are parsed (tests: prove a text loads only what it needs). */
export function loadedFontCount(): number {
  return fonts.size;
}
