import { converter, differenceCiede2000, displayable } from 'culori';
import { describe, expect, it } from 'vitest';
import { codeOf, codeOfColor, hueCount, inGamut, labOfCode, nameOf, nearestSystemColors, parseCode, systemColors, type SystemColor } from './color-system';

const toLch = converter('lch65');
const deltaE = differenceCiede2000();
const lab = (c: SystemColor) => ({ mode: 'lab65' as const, l: c.lab[0], a: c.lab[1], b: c.lab[2] });

describe('color codes', () => {
  it('write hue, lightness and chroma as HHH-LL-CC, rounded, with a neutral’s hue as 000', () => {
    expect(codeOf({ h: 5.4, l: 62.5, c: 31.6 })).toBe('005-63-32');
    expect(codeOf({ h: 359.6, l: 40, c: 20 })).toBe('000-40-20');
    expect(codeOf({ h: 123, l: 50, c: 0.2 })).toBe('000-50-00');
    expect(codeOf({ h: 10, l: 100, c: 140 })).toBe('010-99-99');
    expect(parseCode('285-40-48')).toEqual({ h: 285, l: 40, c: 48 });
    for (const bad of ['360-40-48', '28-40-48', '285-4-48', 'abc', '285-40-48-1']) expect(parseCode(bad)).toBeNull();
  });

  it('round trip: every color of the book, code → Lab → code, comes back to its code', () => {
    for (const color of systemColors()) {
      const [l, a, b] = labOfCode(color.code)!;
      const lch = toLch({ mode: 'lab65', l, a, b });
      expect(codeOf({ l: lch.l, c: lch.c, h: lch.h ?? 0 })).toBe(color.code);
    }
  });

  it('give any color its own point: pure sRGB red is hue 40, L* 53, C* 105 (written 99)', () => {
    expect(codeOfColor('#ff0000')).toBe('040-53-99');
    expect(codeOfColor('#808080')).toBe('000-54-00');
    expect(codeOfColor('not a color')).toBeNull();
  });
});

describe('the book', () => {
  const book = systemColors();

  it('holds about two thousand colors, each code once, every one inside sRGB', () => {
    expect(book.length).toBeGreaterThan(1900);
    expect(book.length).toBeLessThan(2200);
    expect(new Set(book.map((c) => c.code)).size).toBe(book.length);
    for (const color of book) {
      expect(displayable(color.hex)).toBe(true);
      expect(inGamut(color.lch)).toBe(true);
    }
  });

  it('stops at the gamut’s edge: a vivid blue is in at L* 30, not at L* 90; a light yellow is in at L* 90', () => {
    const has = (l: number, c: number, near: number) => book.some((x) => x.lch.l === l && x.lch.c === c && Math.abs(x.lch.h - near) <= 360 / hueCount(c) / 2);
    expect(has(30, 64, 300)).toBe(true);
    expect(has(90, 64, 300)).toBe(false);
    expect(has(90, 64, 100)).toBe(true);
    expect(inGamut({ l: 90, c: 64, h: 300 })).toBe(false);
  });

  it('spaces neighbours evenly to the eye: next hue ΔE2000 3 to 13, next lightness 3 to 5', () => {
    const byPoint = new Map(book.map((c) => [`${c.lch.l}|${c.lch.c}|${c.lch.h}`, c]));
    let hues = 0;
    let lightnesses = 0;
    for (const color of book) {
      if (color.lch.c === 0) continue;
      const n = hueCount(color.lch.c);
      const k = Math.round((color.lch.h * n) / 360);
      const nextHue = byPoint.get(`${color.lch.l}|${color.lch.c}|${Math.round((((k + 1) % n) * 360) / n) % 360}`);
      if (nextHue) {
        hues += 1;
        const e = deltaE(lab(color), lab(nextHue));
        expect(e).toBeGreaterThan(3);
        expect(e).toBeLessThan(13);
      }
      const lighter = byPoint.get(`${color.lch.l + 5}|${color.lch.c}|${color.lch.h}`);
      if (lighter) {
        lightnesses += 1;
        const e = deltaE(lab(color), lab(lighter));
        expect(e).toBeGreaterThan(3);
        expect(e).toBeLessThan(5);
      }
    }
    expect(hues).toBeGreaterThan(1500);
    expect(lightnesses).toBeGreaterThan(1000);
  });

  it('names colors in both languages from hue, lightness and chroma, and files them in the store’s families', () => {
    expect(nameOf({ l: 35, c: 20, h: 285 })).toEqual({ cn: '深柔蓝', en: 'Dark muted blue' });
    expect(nameOf({ l: 80, c: 75, h: 97 })).toEqual({ cn: '淡艳黄', en: 'Pale vivid yellow' });
    expect(nameOf({ l: 50, c: 40, h: 42 })).toEqual({ cn: '红', en: 'Red' });
    expect(nameOf({ l: 99, c: 0, h: 0 })).toEqual({ cn: '白', en: 'White' });
    expect(nameOf({ l: 65, c: 0, h: 0 })).toEqual({ cn: '浅灰', en: 'Light grey' });
    const navy = book.find((c) => c.code === codeOf({ l: 25, c: 40, h: 288 }));
    expect(navy?.family).toBe('blue');
  });

  it('finds the nearest colors of the book by ΔE2000: a book color is its own nearest, a material red a red', () => {
    const sample = book[700]!;
    const [self, next] = nearestSystemColors(sample.hex, 2);
    expect(self!.code).toBe(sample.code);
    expect(self!.deltaE).toBeLessThan(0.5);
    expect(next!.deltaE).toBeGreaterThan(self!.deltaE);
    const reds = nearestSystemColors('#c0392b', 3);
    expect(reds).toHaveLength(3);
    expect(reds[0]!.deltaE).toBeLessThan(4);
    for (const red of reds) expect(red.family).toBe('red');
    expect(nearestSystemColors('not a color')).toEqual([]);
  });
});
