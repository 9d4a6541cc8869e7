import { describe, expect, it } from 'vitest';
import { COLOR_SWATCHES, colorSearchHref, normalizeHex, parseTolerance } from './color-search';

describe('color search input', () => {
  it('takes 3 or 6 hex digits with or without #, in any case', () => {
    expect(normalizeHex('#C8102E')).toBe('c8102e');
    expect(normalizeHex(' c8102e ')).toBe('c8102e');
    expect(normalizeHex('#f0a')).toBe('ff00aa');
    expect(normalizeHex('F0A')).toBe('ff00aa');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '#', 'c8102', '#c8102e0', 'ggg', '##fff', 'red', 'rgb(1,2,3)', 'c8 10 2e']) expect(normalizeHex(bad), bad).toBeNull();
  });

  it('takes integer tolerances from 1 to 30', () => {
    expect(parseTolerance('10')).toBe(10);
    expect(parseTolerance('1')).toBe(1);
    expect(parseTolerance('30')).toBe(30);
    for (const bad of ['0', '31', '2.5', '-1', 'x', '', '100']) expect(parseTolerance(bad), bad).toBeNull();
  });

  it('links leave the default tolerance out', () => {
    expect(colorSearchHref('c8102e')).toBe('/search/color?hex=c8102e');
    expect(colorSearchHref('c8102e', 10)).toBe('/search/color?hex=c8102e');
    expect(colorSearchHref('c8102e', 20)).toBe('/search/color?hex=c8102e&tolerance=20');
  });

  it('offers valid, distinct swatches', () => {
    expect(COLOR_SWATCHES.every((s) => normalizeHex(s.hex) === s.hex)).toBe(true);
    expect(new Set(COLOR_SWATCHES.map((s) => s.key)).size).toBe(COLOR_SWATCHES.length);
  });
});
