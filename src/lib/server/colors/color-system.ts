/**
 * The product's own color system (docs/decisions/0014-a-color-system-from-cie-lch.md): colors named by where they
 * sit in CIE LCh (D65), so anyone can derive, check and extend them without a licence. A code is `HHH-LL-CC`: hue
 * angle in degrees, lightness L* and chroma C*, each rounded to a whole number. The book is a grid over the sRGB
 * gamut, spaced so neighbours are about equally far apart to the eye: lightness in steps of 5, chroma in steps of 8,
 * and at each chroma as many hues as keep neighbours about 10 Lab units apart around the circle (few hues for
 * greyish colors, many for vivid ones); plus a neutral scale.
 */
import { converter, differenceCiede2000, displayable, formatHex, type Lch65 } from 'culori';
import { colorFamilyOf, type ColorFamily } from './color-family';

const toLch = converter('lch65');
const toLab = converter('lab65');

export const COLOR_SYSTEM_GRID = {
  lightness: { from: 10, to: 95, step: 5 },
  chroma: { from: 8, to: 88, step: 8 },
  /** Lab units between neighbouring hues at the same chroma (an arc of the hue circle). */
  hueArc: 10,
  /** The neutral scale, black to the lightest grey; white is L* 99, the most a code can say. */
  neutralLightness: { from: 0, to: 95, step: 5, white: 99 },
} as const;

export type LchValue = { l: number; c: number; h: number };

export interface SystemColor {
  code: string;
  hex: string;
  lab: [number, number, number];
  lch: LchValue;
  family: ColorFamily;
  nameCn: string;
  nameEn: string;
}

const CODE = /^(\d{3})-(\d{2})-(\d{2})$/;

/** The code of a point in LCh, each part rounded to a whole number (a neutral's hue is 000). */
export function codeOf({ l, c, h }: LchValue): string {
  const chroma = Math.min(99, Math.max(0, Math.round(c)));
  const hue = chroma === 0 ? 0 : ((Math.round(h) % 360) + 360) % 360;
  const lightness = Math.min(99, Math.max(0, Math.round(l)));
  return `${String(hue).padStart(3, '0')}-${String(lightness).padStart(2, '0')}-${String(chroma).padStart(2, '0')}`;
}

/** The LCh a code names; null for anything that is not a code (a hue past 359 included). */
export function parseCode(code: string): LchValue | null {
  const m = CODE.exec(code.trim());
  if (!m) return null;
  const [h, l, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return h < 360 ? { h, l, c } : null;
}

/** CIE Lab (D65) of a code's point; null for anything that is not a code. */
export function labOfCode(code: string): [number, number, number] | null {
  const lch = parseCode(code);
  if (!lch) return null;
  const lab = toLab(lchColor(lch));
  return [lab.l, lab.a, lab.b];
}

/** The code of any CSS color (hex, rgb()): its own point, not the nearest color of the book. */
export function codeOfColor(color: string): string | null {
  const lch = toLch(color);
  return lch ? codeOf({ l: lch.l, c: lch.c, h: lch.h ?? 0 }) : null;
}

const lchColor = ({ l, c, h }: LchValue): Lch65 => ({ mode: 'lch65', l, c, h });

/** Whether a code's color can be shown in sRGB, as every color of the book can. */
export const inGamut = (lch: LchValue): boolean => displayable(lchColor(lch));

/** Hue names by their anchor angle in CIE LCh (D65), where each reads most clearly. */
const HUES: ReadonlyArray<[angle: number, cn: string, en: string]> = [
  [10, '玫红', 'rose'],
  [40, '红', 'red'],
  [62, '橙', 'orange'],
  [80, '琥珀', 'amber'],
  [97, '黄', 'yellow'],
  [115, '黄绿', 'lime'],
  [140, '绿', 'green'],
  [175, '青绿', 'teal'],
  [205, '青', 'cyan'],
  [240, '天蓝', 'azure'],
  [285, '蓝', 'blue'],
  [305, '蓝紫', 'violet'],
  [322, '紫', 'purple'],
  [345, '洋红', 'magenta'],
];

const LIGHTNESS: ReadonlyArray<[below: number, cn: string, en: string]> = [
  [25, '极深', 'very dark'],
  [40, '深', 'dark'],
  [60, '', ''],
  [75, '浅', 'light'],
  [88, '淡', 'pale'],
  [101, '极淡', 'very pale'],
];

const CHROMA: ReadonlyArray<[below: number, cn: string, en: string]> = [
  [14, '灰', 'greyish'],
  [30, '柔', 'muted'],
  [50, '', ''],
  [70, '浓', 'strong'],
  [Infinity, '艳', 'vivid'],
];

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/**
 * A name in both languages from the hue's nearest anchor and words for lightness and chroma ("dark muted blue",
 * 深柔蓝); neutrals are white, black or a grey of their lightness. Names help people talk; the code is what is unique.
 */
export function nameOf({ l, c, h }: LchValue): { cn: string; en: string } {
  const light = LIGHTNESS.find(([below]) => l < below)!;
  if (c < 4) {
    if (l >= 97) return { cn: '白', en: 'White' };
    if (l < 5) return { cn: '黑', en: 'Black' };
    const en = [light[2], 'grey'].filter(Boolean).join(' ');
    return { cn: `${light[1]}灰`, en: en.charAt(0).toUpperCase() + en.slice(1) };
  }
  const hue = HUES.reduce((best, candidate) => (hueDistance(candidate[0], h) < hueDistance(best[0], h) ? candidate : best));
  const chroma = CHROMA.find(([below]) => c < below)!;
  const en = [light[2], chroma[2], hue[2]].filter(Boolean).join(' ');
  return { cn: `${light[1]}${chroma[1]}${hue[1]}`, en: en.charAt(0).toUpperCase() + en.slice(1) };
}

function systemColor(lch: LchValue): SystemColor {
  const color = lchColor(lch);
  const hex = formatHex(color);
  const lab = toLab(color);
  const name = nameOf(lch);
  return { code: codeOf(lch), hex, lab: [lab.l, lab.a, lab.b], lch, family: colorFamilyOf(hex), nameCn: name.cn, nameEn: name.en };
}

/** How many hues the grid has at chroma `c`: neighbours `hueArc` apart around the circle, at least six. */
export function hueCount(c: number): number {
  return Math.max(6, Math.round((2 * Math.PI * c) / COLOR_SYSTEM_GRID.hueArc));
}

let book: readonly SystemColor[] | null = null;

/** Every color of the book, neutrals first, then by lightness, chroma and hue; worked out once. */
export function systemColors(): readonly SystemColor[] {
  if (book) return book;
  const { lightness, chroma, neutralLightness } = COLOR_SYSTEM_GRID;
  const colors: SystemColor[] = [];
  for (let l = neutralLightness.from; l <= neutralLightness.to; l += neutralLightness.step) colors.push(systemColor({ l, c: 0, h: 0 }));
  colors.push(systemColor({ l: neutralLightness.white, c: 0, h: 0 }));
  for (let l = lightness.from; l <= lightness.to; l += lightness.step) {
    for (let c = chroma.from; c <= chroma.to; c += chroma.step) {
      const n = hueCount(c);
      for (let k = 0; k < n; k += 1) {
        const lch = { l, c, h: Math.round((k * 360) / n) % 360 };
        if (inGamut(lch)) colors.push(systemColor(lch));
      }
    }
  }
  book = Object.freeze(colors);
  return book;
}

const deltaE2000 = differenceCiede2000();

/** The book's `count` colors nearest to a CSS color by ΔE2000, nearest first, each with its distance. */
export function nearestSystemColors(color: string, count = 5): Array<SystemColor & { deltaE: number }> {
  const lab = toLab(color);
  if (!lab) return [];
  return systemColors()
    .map((c) => ({ ...c, deltaE: deltaE2000(lab, { mode: 'lab65', l: c.lab[0], a: c.lab[1], b: c.lab[2] }) }))
    .sort((a, b) => a.deltaE - b.deltaE)
    .slice(0, Math.max(0, count));
}
