import { describe, expect, it } from 'vitest';
import { COLOR_SWATCHES, colorSearchHref, normalizeHex, parseTolerance } from './color-search';

describe('color search input', () => {
  it.each([
    ['c8102e', ['#C8102E', ' c8102e ']],
    ['ff00aa', ['#f0a', 'F0A']],
  ])('takes 3 or 6 hex digits with or without #, in any case: %s from %j', (hex, spellings) => {
    for (const input of spellings) expect(normalizeHex(input), input).toBe(hex);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '#', 'c8102', '#c8102e0', 'ggg', '##fff', 'red', 'rgb(1,2,3)', 'c8 10 2e']) expect(normalizeHex(bad), bad).toBeNull();
  });

  it('takes integer tolerances from 1 to 30', () => {
    for (const good of [10, 1, 30]) expect(parseTolerance(String(good))).toBe(good);
    for (const bad of ['0', '31', '2.5', '-1', 'x', '', '100']) expect(parseTolerance(bad), bad).toBeNull();
  });

  it.each([
    [undefined, '/search/color?hex=c8102e'],
    [10, '/search/color?hex=c8102e'],
    [20, '/search/color?hex=c8102e&tolerance=20'],
  ])('links leave the default tolerance out (tolerance %s)', (tolerance, href) => {
    expect(colorSearchHref('c8102e', tolerance)).toBe(href);
  });

  it('offers valid, distinct swatches', () => {
    expect(COLOR_SWATCHES.every((s) => normalizeHex(s.hex) === s.hex)).toBe(true);
    expect(new Set(COLOR_SWATCHES.map((s) => s.key)).size).toBe(COLOR_SWATCHES.length);
  });
});
