/**
 * Color search and the RGB-to-family call. Isomorphic: the parsing below is what the API's validation and the
 * server's search both read a typed color with.
 */
import { z } from 'zod';
import { STORE_PAGE_SIZE } from '../material-query';
import { materialCardSchema } from './materials';

export const COLOR_FAMILIES = ['red', 'orange', 'yellow', 'green', 'cyan', 'blue', 'purple', 'pink', 'brown', 'beige', 'white', 'grey', 'black'] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];

/** CIEDE2000 tolerance of a color search: the default and the most the API takes. */
export const COLOR_TOLERANCE = { default: 10, max: 30 } as const;
/**
 * A color typed by a person or sent by a client, as sRGB ("RGB parsing: three numbers from an rgb string,
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

/** `r,g,b`, `rgb(r, g, b)` or `#rrggbb`; anything else is a 422 naming the field. */
const colorText = z.string().max(40, 'validation.invalidValue').refine((s) => parseColor(s) !== null, { message: 'validation.invalidValue' });
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const lab = z.tuple([z.number(), z.number(), z.number()]);

/** Body of rgb-to-family; empty or missing is black. */
export const rgbToFamilyRequestSchema = z.object({ rgb: colorText.default('') });
export const rgbFamilySchema = z.object({ family: z.enum(COLOR_FAMILIES), label: z.string(), hex: z.string(), lab }).meta({ id: 'RgbFamily' });
export type RgbFamily = z.output<typeof rgbFamilySchema>;

export const colorSearchRequestSchema = z.object({
  color: colorText,
  tolerance: z.number().positive().max(COLOR_TOLERANCE.max).default(COLOR_TOLERANCE.default),
  categoryId: id.optional(),
  /** One merchant's materials. */
  orgId: id.optional(),
  page: z.number().int().min(1).max(500).default(1),
  size: z.number().int().min(1).max(60).default(STORE_PAGE_SIZE),
});
export type ColorSearchRequest = z.input<typeof colorSearchRequestSchema>;

export const colorMatchSchema = z.object({ colorCardId: z.number().int(), name: z.string(), hex: z.string(), deltaE: z.number() });
export type ColorMatch = z.output<typeof colorMatchSchema>;
export const colorMatchCardSchema = materialCardSchema.extend({ match: colorMatchSchema }).meta({ id: 'ColorMatchCard' });
export const colorSearchPageSchema = z.object({ records: z.array(colorMatchCardSchema), total: z.number().int() });
export type ColorSearchResult = z.output<typeof colorSearchPageSchema>;
