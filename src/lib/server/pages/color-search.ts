/**
 * What /search/color reads from its URL and loads (docs/product/search.md#how-results-are-ranked "Color"): the page only renders the outcome. The
 * form works without script, so its submission is resolved here: a palette button (`pick`) wins, then the
 * `<input type="color">` (`swatch`) when the hex text was left as the page showed it (`from`), else the hex text;
 * such a submission is redirected to the short address `?hex=rrggbb&tolerance=n` that links and reloads use.
 */
import { COLOR_PAGE_PATH, DEFAULT_COLOR_TOLERANCE, normalizeHex, parseTolerance } from '../../color-search';
import type { MarketType } from '../../constants';
import type { Lang } from '../../i18n';
import { findMaterialsByColor, type ColorSearchResult } from '../colors/find-materials-by-color';
import { parseColor } from '../colors/parse-color';
import { rgbToFamily, type RgbFamily } from '../colors/rgb-to-family';

export const COLOR_PAGE_SIZE = 24;
const MAX_PAGE = 500;

export type ColorPageOutcome =
  | { kind: 'intro'; tolerance: number }
  | { kind: 'redirect'; location: string }
  /** What was typed comes back to the form as it was, with the fields at fault. */
  | { kind: 'invalid'; hexInput: string; toleranceInput: string; tolerance: number; problems: ('hex' | 'tolerance')[] }
  | { kind: 'ok'; hex: string; tolerance: number; page: number; pages: number; family: RgbFamily; result: ColorSearchResult };

export async function loadColorSearch(url: URL, lang: Lang, marketType: MarketType): Promise<ColorPageOutcome> {
  const q = url.searchParams;
  const text = (name: string) => (q.get(name) ?? '').slice(0, 100);
  const toleranceInput = text('tolerance');

  if (q.has('pick') || q.has('swatch') || q.has('from')) {
    const typed = text('hex');
    const same = (a: string, b: string) => (normalizeHex(a) ?? a.trim().toLowerCase()) === (normalizeHex(b) ?? b.trim().toLowerCase());
    const fromColorInput = q.has('swatch') && (typed.trim() === '' || same(typed, text('from')));
    const chosen = q.has('pick') ? text('pick') : fromColorInput ? text('swatch') : typed;
    const next = new URLSearchParams({ hex: normalizeHex(chosen) ?? chosen });
    if (toleranceInput && toleranceInput !== String(DEFAULT_COLOR_TOLERANCE)) next.set('tolerance', toleranceInput);
    return { kind: 'redirect', location: `${COLOR_PAGE_PATH}?${next.toString()}` };
  }

  const hexInput = text('hex');
  const parsedTolerance = toleranceInput === '' ? DEFAULT_COLOR_TOLERANCE : parseTolerance(toleranceInput);
  const tolerance = parsedTolerance ?? DEFAULT_COLOR_TOLERANCE;
  if (hexInput.trim() === '') return parsedTolerance === null ? { kind: 'invalid', hexInput, toleranceInput, tolerance, problems: ['tolerance'] } : { kind: 'intro', tolerance };

  const hex = normalizeHex(hexInput);
  const problems = [...(hex === null ? (['hex'] as const) : []), ...(parsedTolerance === null ? (['tolerance'] as const) : [])];
  if (hex === null || parsedTolerance === null) return { kind: 'invalid', hexInput, toleranceInput, tolerance, problems };

  // A malformed page number is the first page; one past the end lists nothing (links may outlive results).
  const pageNumber = Number(q.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= MAX_PAGE ? pageNumber : 1;
  const rgb = parseColor(`#${hex}`)!;
  const [family, result] = await Promise.all([rgbToFamily(rgb, lang), findMaterialsByColor({ color: rgb.hex, tolerance, page, size: COLOR_PAGE_SIZE }, { lang, marketType })]);
  return { kind: 'ok', hex, tolerance, page, pages: Math.max(1, Math.ceil(result.total / COLOR_PAGE_SIZE)), family, result };
}
