import { converter, parse } from 'culori';
import { asc, eq } from 'drizzle-orm';
import { PROPRIETARY_BOOK_TYPES, SYSTEM_BOOK_TYPE, type PaletteColor } from '../../contracts/color-library';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { paletteColors, palettes } from '../db/schema';
import { systemColors } from './color-system';
import type { ColorFamily } from './color-family';

const toLch = converter('lch65');
const toRgb = converter('rgb');

/** A book's colors kept in memory, with the moment its palette was last written, so another process's import shows. */
type Cached = { updatedAt: number; colors: PaletteColor[] };
const imported = new Map<string, Cached>();
const system = new Map<Lang, PaletteColor[]>();

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A color of a book as the calls answer it: sRGB channels, Lab and LCh (D65) rounded for display. */
export function paletteColorOf(type: string, code: string, name: string, hex: string, lab: [number, number, number], family: ColorFamily): PaletteColor {
  const rgb = toRgb(parse(hex)!);
  const lch = toLch({ mode: 'lab65', l: lab[0], a: lab[1], b: lab[2] });
  const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
  return {
    type,
    code,
    name,
    hex,
    r: channel(rgb.r),
    g: channel(rgb.g),
    b: channel(rgb.b),
    lab: [round(lab[0]), round(lab[1]), round(lab[2])],
    lch: [round(lch.l), round(lch.c), round(lch.h ?? 0)],
    family,
  };
}

/**
 * Every color of a book type (docs/product/color-library.md#book-types), in the book's order: the built-in system
 * named in the caller's language, or an imported book as imported. A proprietary type with nothing imported is an
 * empty book; any other unknown type is `null`.
 */
export async function loadBookColors(type: string, lang: Lang): Promise<PaletteColor[] | null> {
  if (type === SYSTEM_BOOK_TYPE) {
    let colors = system.get(lang);
    if (!colors) {
      colors = systemColors().map((c) => paletteColorOf(type, c.code, lang === 'cn' ? c.nameCn : c.nameEn, c.hex, c.lab, c.family));
      system.set(lang, colors);
    }
    return colors;
  }
  const db = getDb();
  const [palette] = await db.select({ updatedAt: palettes.updatedAt }).from(palettes).where(eq(palettes.key, type));
  if (!palette) {
    imported.delete(type);
    return (PROPRIETARY_BOOK_TYPES as readonly string[]).includes(type) ? [] : null;
  }
  const cached = imported.get(type);
  if (cached && cached.updatedAt === palette.updatedAt.getTime()) return cached.colors;
  const rows = await db.select().from(paletteColors).where(eq(paletteColors.paletteKey, type)).orderBy(asc(paletteColors.sort), asc(paletteColors.code));
  const colors = rows.map((r) => paletteColorOf(type, r.code, r.name, r.hex, [r.labL, r.labA, r.labB], r.family as ColorFamily));
  imported.set(type, { updatedAt: palette.updatedAt.getTime(), colors });
  return colors;
}
