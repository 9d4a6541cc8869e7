import { converter, parse } from 'culori';

const toLab = converter('lab65');
const toLch = converter('lch65');

import { COLOR_FAMILIES, type ColorFamily } from '../../contracts/colors';

export { COLOR_FAMILIES, type ColorFamily };

/** CIE Lab (D65) of a CSS color (hex, rgb()); throws on something that is not a color. */
export function labOf(color: string): [number, number, number] {
  const parsed = parse(color);
  if (!parsed) throw new Error(`not a color: ${color}`);
  const { l, a, b } = toLab(parsed);
  return [round2(l), round2(a), round2(b)];
}

/**
 * The color family a designer would file a color under (docs/product/catalogue.md#calls rgb-to-family). Neutrals by lightness first, then the
 * earth tones (brown, beige) that hue alone would call orange or yellow, then hue bands in LCh.
 */
export function colorFamilyOf(color: string): ColorFamily {
  const parsed = parse(color);
  if (!parsed) throw new Error(`not a color: ${color}`);
  const { l, c, h = 0 } = toLch(parsed);
  if (l < 18 && c < 20) return 'black';
  if (c < 9) return l > 90 ? 'white' : l < 22 ? 'black' : 'grey';
  if (h >= 35 && h < 100 && c < 30 && l >= 65) return l > 92 && c < 14 ? 'white' : 'beige';
  if (h >= 20 && h < 85 && l < 58 && c < 62) return 'brown';
  // LCh puts pure red near 40°: below 15° the reds turn raspberry and magenta.
  if (h < 15 || h >= 345) return l > 45 ? 'pink' : 'red';
  if (h < 42) return l > 72 && c < 45 ? 'pink' : 'red';
  if (h < 70) return 'orange';
  if (h < 105) return 'yellow';
  if (h < 175) return 'green';
  if (h < 235) return 'cyan';
  if (h < 300) return 'blue';
  if (h < 330) return 'purple';
  return 'pink';
}

const round2 = (n: number) => Math.round(n * 100) / 100;
