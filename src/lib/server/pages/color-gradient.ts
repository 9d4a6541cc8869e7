/**
 * What a gradient page (/main/color/{type}-gradient) reads from its URL and loads (docs/product/color-library.md#gradient-pages):
 * the book type, its hue wheel, the grid of the chosen hue (lightness by chroma) or, with a family or a keyword, the
 * matching colors; and, with `?color=`, that color's detail.
 */
import { BOOK_TYPE_PATTERN, SYSTEM_BOOK_TYPE, type BookTypeInfo, type PaletteColor, type PaletteFamily } from '../../contracts/color-library';
import { COLOR_FAMILIES, type ColorFamily, type ColorMatch, type ColorSearchResult } from '../../contracts/colors';
import type { Lang } from '../../i18n';
import { findMaterialsByColor } from '../colors/find-materials-by-color';
import { findNearestBookColors, type NearestInBook } from '../colors/find-nearest-book-colors';
import { filterPaletteColors } from '../colors/find-palette-colors';
import { listBookTypes } from '../colors/list-book-types';
import { familiesOf } from '../colors/list-palette-families';
import { loadBookColors } from '../colors/load-book-colors';

/** The hue wheel's sectors: 24 of 15°, and the neutrals (chroma under 4) as their own. */
export const HUE_SECTORS = 24;
export const SECTOR_DEGREES = 360 / HUE_SECTORS;
export const NEUTRAL_SECTOR = 'n';
const NEUTRAL_CHROMA = 4;
export const LIGHTNESS_STEP = 5;
export const CHROMA_STEP = 8;
/** Colors a family or keyword list shows per page. */
export const LIST_PAGE_SIZE = 120;
const NEAREST_MATERIALS = 6;
/** How near (ΔE2000) a material's color card must be to show as a material in this color. */
const MATERIAL_TOLERANCE = 10;

export type Sector = { key: string; count: number; hex: string; from: number; to: number };
export type GridCell = { lightness: number; chroma: number; colors: PaletteColor[] };
export type Grid = { lightness: number[]; chroma: number[]; cells: Map<string, PaletteColor[]> };
export type ColorDetail = {
  color: PaletteColor;
  nearest: NearestInBook[];
  materials: { result: ColorSearchResult; matches: Record<number, ColorMatch> };
};

export type GradientOutcome =
  | { kind: 'missing' }
  | { kind: 'empty'; book: BookTypeInfo; types: BookTypeInfo[] }
  | {
      kind: 'ok';
      book: BookTypeInfo;
      types: BookTypeInfo[];
      families: PaletteFamily[];
      sectors: Sector[];
      /** The open hue sector; null while a small book lists all its colors. */
      sector: string | null;
      family: ColorFamily | null;
      keyword: string;
      /** The chosen sector's grid, when no family or keyword narrows the book. */
      grid: Grid | null;
      /** A family's or keyword's colors, a page of them. */
      list: { colors: PaletteColor[]; total: number; page: number; pages: number } | null;
      detail: ColorDetail | null;
      /** A `?color=` the book does not hold. */
      unknownColor: string | null;
    };

/** The book type a page path names (`/main/color/coloro-gradient` → `coloro`); null for any other path. */
export function bookTypeOfPath(param: string | undefined): string | null {
  const m = /^(.+)-gradient$/.exec(param ?? '');
  return m && BOOK_TYPE_PATTERN.test(m[1]!) ? m[1]! : null;
}

export const sectorOf = (c: PaletteColor): string => (c.lch[1] < NEUTRAL_CHROMA ? NEUTRAL_SECTOR : String(Math.floor(c.lch[2] / SECTOR_DEGREES) % HUE_SECTORS));
const lightnessRow = (c: PaletteColor) => Math.round(c.lch[0] / LIGHTNESS_STEP) * LIGHTNESS_STEP;
const chromaColumn = (c: PaletteColor) => Math.max(CHROMA_STEP, Math.round(c.lch[1] / CHROMA_STEP) * CHROMA_STEP);
export const cellKey = (lightness: number, chroma: number) => `${lightness}:${chroma}`;

/** The wheel: each sector with how many colors it holds and the most vivid mid-light one to paint it with. */
function sectorsOf(colors: PaletteColor[]): Sector[] {
  const keys = [NEUTRAL_SECTOR, ...Array.from({ length: HUE_SECTORS }, (_, i) => String(i))];
  return keys.map((key) => {
    const members = colors.filter((c) => sectorOf(c) === key);
    const painter = members.reduce<PaletteColor | null>((best, c) => {
      const score = (x: PaletteColor) => x.lch[1] - Math.abs(x.lch[0] - 60);
      return !best || score(c) > score(best) ? c : best;
    }, null);
    const from = key === NEUTRAL_SECTOR ? 0 : Number(key) * SECTOR_DEGREES;
    return { key, count: members.length, hex: painter?.hex ?? '#d9d9d9', from, to: key === NEUTRAL_SECTOR ? 0 : from + SECTOR_DEGREES };
  });
}

function gridOf(colors: PaletteColor[]): Grid {
  const cells = new Map<string, PaletteColor[]>();
  for (const c of colors) {
    const key = cellKey(lightnessRow(c), chromaColumn(c));
    cells.set(key, [...(cells.get(key) ?? []), c]);
  }
  for (const list of cells.values()) list.sort((a, b) => a.lch[2] - b.lch[2]);
  const lightness = [...new Set(colors.map(lightnessRow))].sort((a, b) => b - a);
  const chroma = [...new Set(colors.map(chromaColumn))].sort((a, b) => a - b);
  return { lightness, chroma, cells };
}

export async function loadGradientPage(type: string | null, url: URL, lang: Lang): Promise<GradientOutcome> {
  if (!type) return { kind: 'missing' };
  const [types, colors] = await Promise.all([listBookTypes(lang), loadBookColors(type, lang)]);
  const book = types.find((t) => t.type === type);
  if (!colors || !book) return { kind: 'missing' };
  if (colors.length === 0) return { kind: 'empty', book, types };

  const q = url.searchParams;
  const familyParam = q.get('family');
  const family = (COLOR_FAMILIES as readonly string[]).includes(familyParam ?? '') ? (familyParam as ColorFamily) : null;
  const keyword = (q.get('q') ?? '').trim().slice(0, 40);
  const sectors = sectorsOf(colors);
  const code = (q.get('color') ?? '').trim().slice(0, 60);
  const chosen = code ? (colors.find((c) => c.code.toUpperCase() === code.toUpperCase()) ?? null) : null;
  const sectorParam = q.get('hue');
  // A book that fits on one page lists all its colors until a hue is chosen; a grid of a few colors says little.
  const listAll = !family && !keyword && !sectorParam && colors.length <= LIST_PAGE_SIZE;
  // The chosen color's sector opens with it; else the one asked for, else the first hue that holds colors.
  const sector = listAll
    ? null
    : ((chosen && !sectorParam ? sectorOf(chosen) : null) ??
      sectors.find((s) => s.key === sectorParam && s.count > 0)?.key ??
      sectors.find((s) => s.key !== NEUTRAL_SECTOR && s.count > 0)?.key ??
      NEUTRAL_SECTOR);

  let list: Extract<GradientOutcome, { kind: 'ok' }>['list'] = null;
  let grid: Grid | null = null;
  if (listAll) {
    list = { colors, total: colors.length, page: 1, pages: 1 };
  } else if (family || keyword) {
    const found = filterPaletteColors(colors, { family: family ?? undefined, keyword: keyword || undefined });
    const pages = Math.max(1, Math.ceil(found.length / LIST_PAGE_SIZE));
    const page = Math.min(pages, Math.max(1, Number.parseInt(q.get('page') ?? '1', 10) || 1));
    list = { colors: found.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE), total: found.length, page, pages };
  } else {
    grid = gridOf(colors.filter((c) => sectorOf(c) === sector));
  }

  const [families, detail] = await Promise.all([familiesOf(colors, lang), chosen ? detailOf(chosen, types, lang) : null]);
  return { kind: 'ok', book, types, families, sectors, sector, family, keyword, grid, list, detail, unknownColor: code && !chosen ? code : null };
}

async function detailOf(color: PaletteColor, types: BookTypeInfo[], lang: Lang): Promise<ColorDetail> {
  const [nearest, result] = await Promise.all([
    findNearestBookColors(color, types, lang),
    findMaterialsByColor({ color: color.hex, tolerance: MATERIAL_TOLERANCE, page: 1, size: NEAREST_MATERIALS }, { lang }),
  ]);
  return { color, nearest, materials: { result, matches: Object.fromEntries(result.records.map((r) => [r.id, r.match])) } };
}

export { SYSTEM_BOOK_TYPE };
