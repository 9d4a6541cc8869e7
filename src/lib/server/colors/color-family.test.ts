import { describe, expect, it } from 'vitest';
import { colorFamilyOf, labOf } from './color-family';

describe('color families (docs/product/catalogue.md#calls rgb-to-family)', () => {
  it.each([
    ['#000000', 'black'], ['#1c1c1e', 'black'], ['#ffffff', 'white'], ['#f7f5f0', 'white'], ['#808080', 'grey'], ['#c8c8c8', 'grey'],
    ['#c8102e', 'red'], ['#ff6a13', 'orange'], ['#ffd100', 'yellow'], ['#2e7d32', 'green'], ['#00a3ad', 'cyan'], ['#1f3a93', 'blue'],
    ['#1b2a4a', 'blue'], ['#6a1b9a', 'purple'], ['#f4a6c0', 'pink'], ['#e91e63', 'pink'], ['#6f4e37', 'brown'], ['#8b5a2b', 'brown'],
    ['#d8c3a5', 'beige'], ['#e8dcc4', 'beige'],
  ])('%s is %s', (hex, family) => {
    expect(colorFamilyOf(hex)).toBe(family);
  });

  it('keeps Lab to two decimals and refuses what is not a color', () => {
    expect(labOf('#ffffff')).toEqual([100, 0, 0]);
    const [l, a, b] = labOf('#c8102e');
    expect(l).toBeGreaterThan(40);
    expect(a).toBeGreaterThan(50);
    expect(b).toBeGreaterThan(20);
    expect(() => labOf('not-a-color')).toThrow();
  });
});
