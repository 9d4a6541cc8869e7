/**
 * Text colors are the palette's (src/styles/global.css), whose ink shades keep 4.5:1 on white and on the page
 * color. A literal grey lighter than `--ink-subtle` is how small text fell below that (tile price units, facet
 * counts), so stylesheets may not name one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(css|astro|tsx)$/.test(name) && !name.includes('.test.') ? [full] : [];
  });

/** Relative luminance of #rrggbb (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('text colors', () => {
  it('never name a literal color below 4.5:1 on white for text', () => {
    const weak = files(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const m = /(?:^|[\s;{])color:\s*(#[0-9a-fA-F]{6})\b/.exec(line);
          // Near-white text is for dark and colored backgrounds (a danger button), not for the page.
          return m && luminance(m[1]!) < 0.8 && contrastOnWhite(m[1]!) < 4.5 ? [`${path.relative(root, file)}:${i + 1} ${m[1]}`] : [];
        }),
    );
    expect(weak).toEqual([]);
  });
});
