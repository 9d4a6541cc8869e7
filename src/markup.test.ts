/**
 * Markup rules the browser would not report. A button's look is two classes: `btn` (size, shape, focus ring) and a
 * variant (`btn-primary`, `btn-secondary`, `btn-ghost`, `btn-danger`); a variant alone renders a bare browser button.
 * And no element carries a `style` attribute: the pages' Content-Security-Policy refuses them, so the look silently
 * goes missing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname);
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(tsx|astro)$/.test(name) && !name.includes('.test.') ? [full] : [];
  });

describe('markup', () => {
  it('names the button base class wherever it names a variant', () => {
    const bare = files(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/(className|class)=|class:list/.test(line) && /\bbtn-(primary|secondary|ghost|danger)\b/.test(line) && !/\bbtn\b(?!-)/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(bare).toEqual([]);
  });

  it('carries no style attribute', () => {
    const styled = files(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\sstyle=[{"']/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(styled).toEqual([]);
  });
});
