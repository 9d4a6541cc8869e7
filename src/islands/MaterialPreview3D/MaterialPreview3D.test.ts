import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { MESSAGES } from '../../lib/i18n';
import { $chosenColorCard } from '../../lib/stores/color-card';
import { LIGHT_PRESET_KINDS } from './lights';
import MaterialPreview3D from './MaterialPreview3D';
import { radioTarget } from './RadioGroup';
import { SHAPE_KINDS } from './shapes';
import type { MaterialPreview3DProps } from './types';

const props = (lang: 'cn' | 'en' = 'en'): MaterialPreview3DProps => ({
  materialName: 'Nappa',
  maps: { basecolor: '/maps/base.png' },
  constants: { roughness: null, metalness: null, alpha: null },
  tileCm: { width: 10, height: 10 },
  cards: [
    { id: 1, name: 'Black', hex: '#111111', basecolor: null, fallback: '/cards/1.jpg' },
    { id: 2, name: 'Sand', hex: '#d8c8a8', basecolor: '/cards/2-base.png', fallback: '/cards/2.jpg' },
    { id: 3, name: 'Red', hex: '#aa2222', basecolor: null, fallback: null },
  ],
  initialCardId: 1,
  messages: { preview3d: MESSAGES[lang].preview3d },
});
const render = (p = props()) => renderToString(createElement(MaterialPreview3D, p));

afterEach(() => $chosenColorCard.set(null));

describe('3D preview before it is opened', () => {
  it('offers the button and the default card’s picture, and nothing of the viewer', () => {
    const html = render();
    expect(html).toContain('3D preview</button>');
    expect(html).toContain('src="/cards/1.jpg"');
    expect(html).toContain('alt="Nappa in Black"');
    expect(html).not.toContain('role="radiogroup"');
    expect(html).not.toContain('<canvas');
  });

  it('speaks the page’s language', () => {
    expect(render(props('cn'))).toContain('3D 预览</button>');
  });

  it('shows the card chosen elsewhere on the page', () => {
    $chosenColorCard.set(2);
    expect(render()).toContain('src="/cards/2.jpg"');
  });

  it('shows a card not yet pictured as its plain color', () => {
    $chosenColorCard.set(3);
    const html = render();
    expect(html).not.toContain('<img');
    expect(html).toContain('fill="#aa2222"');
  });

  it('keeps the button disabled until the island runs, so an early press is not lost silently', () => {
    expect(render()).toMatch(/<button[^>]*disabled=""[^>]*>.*3D preview<\/button>/);
  });

  it('carries no style attribute (the page’s CSP refuses them)', () => {
    expect(render()).not.toMatch(/\sstyle=/);
  });
});

describe('lazy loading', () => {
  const dir = import.meta.dirname;
  const staticImports = (file: string) =>
    [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)].map((m) => (m[1] ?? m[2])!);

  it('keeps three.js out of what the page loads: only a dynamic import reaches the viewer', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of staticImports(file)) {
        expect(target, `${file} imports ${target}`).not.toMatch(/^(three|@react-three\/)|\/Viewer$/);
        if (!target.startsWith('./')) continue;
        const local = ['.ts', '.tsx', ''].map((ext) => target.slice(2) + ext).find((name) => {
          try {
            readFileSync(path.join(dir, name));
            return true;
          } catch {
            return false;
          }
        });
        if (local && /\.tsx?$/.test(local)) visit(local);
      }
    };
    visit('MaterialPreview3D.tsx');
    expect(seen.has('cards.ts')).toBe(true);
    expect(readFileSync(path.join(dir, 'MaterialPreview3D.tsx'), 'utf8')).toContain("import('./Viewer')");
  });
});

describe('messages', () => {
  it('has every message the island and the viewer ask for, in both languages', () => {
    const dir = import.meta.dirname;
    const source = ['MaterialPreview3D.tsx', 'Viewer.tsx'].map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    const keys = [...source.matchAll(/t\('(preview3d\.[\w.]+)'/g)].map((m) => m[1]!);
    keys.push(...SHAPE_KINDS.flatMap((k) => [`preview3d.shapes.${k}`, `preview3d.size.${k}`]), ...LIGHT_PRESET_KINDS.map((k) => `preview3d.lights.${k}`));
    expect(keys.length).toBeGreaterThan(15);
    for (const lang of ['cn', 'en'] as const) {
      const t = createClientT({ preview3d: MESSAGES[lang].preview3d } as Dict);
      expect(keys.filter((key) => t(key) === key)).toEqual([]);
    }
  });
});

describe('radio keys', () => {
  it('move the choice round the ends, and jump with Home and End', () => {
    expect(radioTarget('ArrowRight', 0, 3)).toBe(1);
    expect(radioTarget('ArrowDown', 2, 3)).toBe(0);
    expect(radioTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(radioTarget('ArrowUp', 1, 3)).toBe(0);
    expect(radioTarget('Home', 2, 3)).toBe(0);
    expect(radioTarget('End', 0, 3)).toBe(2);
    expect(radioTarget('Enter', 0, 3)).toBeNull();
    expect(radioTarget('ArrowRight', 0, 0)).toBeNull();
  });
});
