import { describe, expect, it } from 'vitest';
import { colorFamilyOf, labOf } from './color-family';

describe('color families (docs/product/search.md#families)', () => {
  it.each([
    ['#000000', 'black'], ['#1c1c1e', 'black'], ['#ffffff', 'white'], ['#f7f5f0', 'white'], ['#808080', 'grey'], ['#c8c8c8', 'grey'],
    ['#c8102e', 'red'], ['#ff6a13', 'orange'], ['#ffd100', 'yellow'], ['#2e7d32', 'green'], ['#00a3ad', 'cyan'], ['#1f3a93', 'blue'],
    ['#1b2a4a', 'blue'], ['#6a1b9a', 'purple'], ['#f4a6c0', 'pink'], ['#e91e63', 'pink'], ['#6f4e37', 'brown'], ['#8b5a2b', 'brown'],
    ['#d8c3a5', 'beige'], ['#e8dcc4', 'beige'],
  ])('%s is %s', (hex, family) => {
    expect(colorFamilyOf(hex)).toBe(family);
  });

  // Colors the trade names, with the family a designer files them under: each of these was misfiled by rules that
  // read hue in CIE LCh (camel as yellow, navy as black or purple, olive as yellow, maroon and brick as brown …).
  it.each([
    ['camel', '#c19a6b', 'brown'], ['tan', '#8b5a2b', 'brown'], ['saddle brown', '#8b4513', 'brown'], ['chocolate', '#7b3f00', 'brown'],
    ['dark brown', '#3b2418', 'brown'], ['caramel', '#b5651d', 'brown'], ['sienna', '#a0522d', 'brown'], ['cognac', '#9a463d', 'brown'],
    ['beige', '#d8c3a5', 'beige'], ['khaki', '#c3b091', 'beige'], ['sand', '#c2b280', 'beige'], ['oatmeal', '#dfd3bc', 'beige'], ['latte', '#e5d3b3', 'beige'],
    ['burgundy', '#800020', 'red'], ['maroon', '#800000', 'red'], ['wine', '#722f37', 'red'], ['brick', '#b0413e', 'red'], ['crimson', '#dc143c', 'red'], ['oxblood', '#4a0000', 'red'],
    ['navy', '#000080', 'blue'], ['navy (dark)', '#1f2a44', 'blue'], ['raw indigo', '#1c2841', 'blue'], ['pure blue', '#0000ff', 'blue'], ['cobalt', '#0047ab', 'blue'], ['sky blue', '#87ceeb', 'blue'], ['slate blue', '#6a5acd', 'blue'],
    ['olive', '#808000', 'green'], ['army green', '#4b5320', 'green'], ['volt green', '#cddc39', 'green'],
    ['coral', '#ff7f50', 'orange'], ['orange', '#ffa500', 'orange'], ['salmon', '#fa8072', 'pink'], ['light coral', '#f08080', 'pink'], ['hot pink', '#ff69b4', 'pink'], ['rose', '#ff007f', 'pink'],
    ['teal', '#008080', 'cyan'], ['turquoise', '#40e0d0', 'cyan'],
    ['mustard', '#e1ad01', 'yellow'], ['gold', '#ffd700', 'yellow'], ['lemon', '#ffd100', 'yellow'],
    ['plum', '#8e4585', 'purple'], ['lilac', '#c8a2c8', 'purple'], ['indigo dye', '#4b0082', 'purple'],
    ['ivory', '#fffff0', 'white'], ['cream', '#fffdd0', 'white'], ['ecru', '#e9e4d4', 'white'], ['off-white', '#f3efe6', 'white'],
    ['charcoal', '#36454f', 'grey'], ['charcoal (neutral)', '#333333', 'grey'], ['smoke grey', '#7a7a7a', 'grey'], ['silver', '#c0c0c0', 'grey'], ['jet black', '#111111', 'black'],
  ])('%s (%s) is %s', (_name, hex, family) => {
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
