import { describe, expect, it, vi } from 'vitest';
import { setText, shapeText, wrapGlyphs, type TextStyle } from './text';

const style: TextStyle = { size: 20, lineHeight: 28, weight: 400, color: '#000' };

describe('shapeText', () => {
  it('gives every Chinese character a real outline one em wide', async () => {
    const { glyphs } = await shapeText('牛皮革经典棕', 700);
    expect(glyphs.map((g) => g.char).join('')).toBe('牛皮革经典棕');
    for (const g of glyphs) {
      expect(g.d.length).toBeGreaterThan(50);
      expect(g.advance).toBeCloseTo(1, 2);
    }
    // Distinct characters, distinct outlines: not one "missing glyph" box repeated.
    expect(new Set(glyphs.map((g) => g.d)).size).toBe(6);
  });

  it('measures Latin proportionally and keeps spaces as blank advances', async () => {
    const { glyphs } = await shapeText('il WM', 400);
    const [i, l, space, w, m] = glyphs;
    expect(i!.advance).toBeLessThan(w!.advance);
    expect(l!.advance).toBeLessThan(m!.advance);
    expect(space!.d).toBe('');
    expect(space!.advance).toBeGreaterThan(0);
  });

  it('drops characters the font lacks instead of drawing boxes', async () => {
    const { glyphs } = await shapeText('A\u{E000}B\u0007', 400);
    expect(glyphs.map((g) => g.char).join('')).toBe('AB');
  });

  it('loads only the font slices the text needs', async () => {
    vi.resetModules();
    const fonts = await import('./fonts');
    const text = await import('./text');
    await text.shapeText('Hello, world', 400);
    expect(fonts.loadedFontCount()).toBe(1);
    await text.shapeText('Hello, world', 400);
    expect(fonts.loadedFontCount()).toBe(1);
    await text.shapeText('牛', 400);
    expect(fonts.loadedFontCount()).toBe(2);
  });
});

describe('wrapGlyphs', () => {
  it('breaks Chinese between any two characters within the width', async () => {
    const block = await setText('头层牛皮荔枝纹压花头层牛皮荔枝纹压花', style, { x: 0, y: 0, width: 100, maxLines: 10 });
    expect(block.lines.map((l) => l.text)).toEqual(['头层牛皮荔', '枝纹压花头', '层牛皮荔枝', '纹压花']);
    for (const l of block.lines) expect(l.width).toBeLessThanOrEqual(100);
  });

  it('breaks Latin at spaces, never inside a word that fits on a line', async () => {
    const block = await setText('Full-grain cowhide with pebble emboss', style, { x: 0, y: 0, width: 160, maxLines: 10 });
    const words = block.lines.flatMap((l) => l.text.split(' '));
    expect(words).toEqual(['Full-grain', 'cowhide', 'with', 'pebble', 'emboss']);
    expect(block.lines.length).toBeGreaterThan(1);
    for (const l of block.lines) expect(l.width).toBeLessThanOrEqual(160);
  });

  it('keeps closing punctuation off the start of a line', async () => {
    // Five characters fill 100 px at 20 px, so the comma would start line two without the rule.
    const block = await setText('头层牛皮革，荔枝纹', style, { x: 0, y: 0, width: 100, maxLines: 10 });
    for (const l of block.lines) expect(l.text.startsWith('，')).toBe(false);
  });

  it('ends the last allowed line with an ellipsis that still fits', async () => {
    const block = await setText('头层牛皮，荔枝纹压花，厚度1.2-1.4mm，适用于男女休闲鞋、靴子及箱包。', style, { x: 0, y: 0, width: 120, maxLines: 2 });
    expect(block.lines).toHaveLength(2);
    expect(block.lines[1]!.text.endsWith('…')).toBe(true);
    expect(block.lines[1]!.width).toBeLessThanOrEqual(120);
    expect(block.height).toBe(2 * style.lineHeight);
  });

  it('honours line breaks and splits a word longer than the line', async () => {
    const { glyphs } = await shapeText('ab\nSupercalifragilistic', 400);
    const lines = wrapGlyphs(glyphs, 20, 60, 10, []);
    expect(lines[0]!.text).toBe('ab');
    expect(lines.slice(1).map((l) => l.text).join('')).toBe('Supercalifragilistic');
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(60);
  });

  it('sets nothing for an empty text', async () => {
    const block = await setText('   ', style, { x: 0, y: 0, width: 100, maxLines: 2 });
    expect(block.lines).toEqual([]);
    expect(block.height).toBe(0);
  });
});
