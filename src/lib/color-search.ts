/**
 * The color search page's vocabulary (docs/product/search.md#how-results-are-ranked "Color"), shared by the page and the ColorPicker island: hex as
 * people type it, the tolerance choices and the swatches to start from. Isomorphic and zod-free: the island ships
 * it to the browser.
 */

/** CIEDE2000 tolerances offered (the API takes any value in (0, 30]); 10 is the API's default. */
export const COLOR_TOLERANCES = [5, 10, 20, 30] as const;
export const DEFAULT_COLOR_TOLERANCE = 10;
export const MAX_COLOR_TOLERANCE = 30;
export const COLOR_PAGE_PATH = '/search/color';
/** The hex field takes a little more than `#rrggbb` so pasted text with spaces can be trimmed. */
export const HEX_INPUT_MAX = 20;

/**
 * `rrggbb` (lower case, no #) for 3 or 6 hex digits with or without a leading #, surrounding spaces ignored;
 * `null` for anything else. The page's URL form carries the six digits without the #.
 */
export function normalizeHex(input: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
}

/** A tolerance from a URL or a form: an integer from 1 to 30, else `null`. */
export function parseTolerance(input: string): number | null {
  if (!/^\d{1,2}$/.test(input.trim())) return null;
  const value = Number(input);
  return value >= 1 && value <= MAX_COLOR_TOLERANCE ? value : null;
}

export function colorSearchHref(hex: string, tolerance?: number): string {
  const params = new URLSearchParams({ hex });
  if (tolerance !== undefined && tolerance !== DEFAULT_COLOR_TOLERANCE) params.set('tolerance', String(tolerance));
  return `${COLOR_PAGE_PATH}?${params.toString()}`;
}

/**
 * Swatches to start from: the 13 color families' typical colors (the store's facet dots), then colors materials
 * are commonly made in. `key` names the label in the colorSearch messages (`swatch.<key>`).
 */
export const COLOR_SWATCHES: readonly { key: string; hex: string }[] = [
  { key: 'red', hex: 'c8102e' },
  { key: 'orange', hex: 'ff6a13' },
  { key: 'yellow', hex: 'ffd100' },
  { key: 'green', hex: '2e7d32' },
  { key: 'cyan', hex: '00a3ad' },
  { key: 'blue', hex: '1f3a93' },
  { key: 'purple', hex: '6a1b9a' },
  { key: 'pink', hex: 'f4a6c0' },
  { key: 'brown', hex: '6f4e37' },
  { key: 'beige', hex: 'd8c3a5' },
  { key: 'white', hex: 'ffffff' },
  { key: 'grey', hex: '9e9e9e' },
  { key: 'black', hex: '111111' },
  { key: 'camel', hex: 'c19a6b' },
  { key: 'tan', hex: '8b5a2b' },
  { key: 'burgundy', hex: '5a1f2b' },
  { key: 'navy', hex: '1f2a44' },
  { key: 'olive', hex: '4b5320' },
  { key: 'indigo', hex: '1c2841' },
  { key: 'ecru', hex: 'e9e4d4' },
  { key: 'gum', hex: 'c68e17' },
];
