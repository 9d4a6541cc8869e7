/**
 * A color typed by a person or sent by a client, as sRGB (§5 "RGB parsing: three numbers from an rgb string,
 * default 0,0,0"): `r,g,b`, `rgb(r, g, b)` (spaces or commas; `rgba(...)`'s alpha is ignored), `#rrggbb` or `#rgb`.
 * Channels are 0-255 (decimals are rounded). An empty string is the default black; anything else that is not one
 * of these forms, or has a channel out of range, is `null` (the API answers 422 rather than guessing).
 */
export type Rgb = { r: number; g: number; b: number; hex: string };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const NUMBER = '(\\d{1,3}(?:\\.\\d+)?)';
const TRIPLE = new RegExp(`^(?:rgba?\\s*\\(\\s*)?${NUMBER}\\s*[,\\s]\\s*${NUMBER}\\s*[,\\s]\\s*${NUMBER}(?:\\s*[,/]\\s*[\\d.]+%?)?\\s*\\)?$`, 'i');

export function parseColor(input: string): Rgb | null {
  const text = input.trim();
  if (text === '') return rgbOf(0, 0, 0);
  const hex = HEX.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return rgbOf(parseInt(digits.slice(0, 2), 16), parseInt(digits.slice(2, 4), 16), parseInt(digits.slice(4, 6), 16));
  }
  const triple = TRIPLE.exec(text);
  // `rgb(` must close and a bare triple must not: `rgb(1,2,3` and `1,2,3)` are typos, not colors.
  if (!triple || /^rgba?/i.test(text) !== text.endsWith(')')) return null;
  const [r, g, b] = [triple[1], triple[2], triple[3]].map((n) => Math.round(Number(n)));
  if ([r, g, b].some((n) => n === undefined || !(n >= 0 && n <= 255))) return null;
  return rgbOf(r!, g!, b!);
}

function rgbOf(r: number, g: number, b: number): Rgb {
  return { r, g, b, hex: `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}` };
}
