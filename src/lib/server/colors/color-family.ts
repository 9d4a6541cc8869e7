import { converter, parse } from 'culori';

const toLab = converter('lab65');
const toOklch = converter('oklch');

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
 * The color family a designer would file a color under (docs/product/search.md#families). Worked out in OKLCH,
 * whose hue follows what people see: CIE LCh bends blues towards purple (pure blue sits at 306° there) and puts
 * camel and olive on the same hue as lemon. Lightness and chroma below are OKLCH's, scaled to 0–100.
 */
export function colorFamilyOf(color: string): ColorFamily {
  const parsed = parse(color);
  if (!parsed) throw new Error(`not a color: ${color}`);
  const { l: l1, c: c1, h: hue } = toOklch(parsed);
  const l = l1 * 100;
  const c = c1 * 100;
  const h = hue ?? 0;
  const warm = h >= 35 && h < 112;

  // Too dark or too pale for a hue to matter: cream and ivory are whites, charcoal a grey, navy still a blue.
  if (l < 20) return 'black';
  if (l >= 92 && c < 7) return 'white';
  if (l >= 88 && c < 2.5 && warm) return 'white';
  if (c < 3.5) {
    if (l < 30) return 'black';
    return warm && l >= 70 ? 'beige' : 'grey';
  }

  // Pinks and reds: rose and raspberry are pinks, burgundy and maroon reds, light reds (salmon) pinks.
  if (h < 12 || h >= 340) return l >= 55 ? 'pink' : 'red';
  if (h < 35) {
    if (l >= 70 || (l >= 60 && c < 8)) return 'pink';
    // A dull red-brown (cognac) is a brown; a deep one (oxblood, burgundy) stays red.
    if (h >= 20 && c < 12 && l >= 30 && l < 62) return 'brown';
    return 'red';
  }

  // Earth tones, which hue alone would call orange or yellow: pale and soft is beige, dark yellow is olive, dull or
  // dark is brown (camel, caramel, chocolate); what is left is orange or yellow by hue.
  if (warm) {
    if (l >= 75 && c < 8.5) return 'beige';
    if (h >= 95 && l < 65) return 'green';
    if ((l < 73 && c < 12) || (l < 70 && c < 14.5) || (l < 60 && c < 17)) return 'brown';
    return h < 75 ? 'orange' : 'yellow';
  }

  if (h < 175) return 'green';
  if (h < 220) return 'cyan';
  if (h < 292) return 'blue';
  return 'purple';
}

const round2 = (n: number) => Math.round(n * 100) / 100;
