/**
 * The color library's calls (docs/product/color-library.md#calls): the book types and their colors, and the
 * color-card books people keep.
 */
import { z } from 'zod';
import { COLOR_FAMILIES } from './colors';
import { BOOK_TYPE_PATTERN, COLOR_ADD_MAX, COLOR_BOOK_MAX_COLORS, COLOR_BOOK_NAME_MAX } from './color-library-rules';

export * from './color-library-rules';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidValue').transform((s) => s.toLowerCase());
const triple = z.tuple([z.number(), z.number(), z.number()]);

export const bookTypeSchema = z.string().trim().toLowerCase().regex(BOOK_TYPE_PATTERN, 'validation.invalidValue');
/** 1 buyer, 2 supplier; the path decides, so a `userType` that is sent must agree with it. */
export const userTypeSchema = z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2)], { error: 'validation.userType' }));

// ---- Book types and their colors ----

export const bookTypeInfoSchema = z
  .object({
    type: z.string(),
    name: z.string(),
    count: z.number().int(),
    /** The built-in system, always there. */
    builtIn: z.boolean(),
    /** Coloro or Pantone: listed even before anything is imported. */
    proprietary: z.boolean(),
  })
  .meta({ id: 'ColorBookType' });
export type BookTypeInfo = z.output<typeof bookTypeInfoSchema>;

export const paletteColorSchema = z
  .object({
    type: z.string(),
    code: z.string(),
    name: z.string(),
    hex: z.string(),
    r: z.number().int(),
    g: z.number().int(),
    b: z.number().int(),
    lab: triple,
    lch: triple,
    family: z.enum(COLOR_FAMILIES),
  })
  .meta({ id: 'PaletteColor' });
export type PaletteColor = z.output<typeof paletteColorSchema>;

/** color-books and color-books-page: a book type's colors, optionally one family's or those matching a keyword. */
export const paletteQuerySchema = z.object({
  type: bookTypeSchema,
  family: z.enum(COLOR_FAMILIES).optional(),
  /** A code, a name or a hex color. */
  keyword: z.string().trim().max(40, 'validation.tooLong').optional(),
});
export const palettePageQuerySchema = paletteQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(COLOR_BOOK_MAX_COLORS).default(COLOR_BOOK_MAX_COLORS),
});
export type PalettePageQuery = z.input<typeof palettePageQuerySchema>;
export const paletteColorsSchema = z.array(paletteColorSchema);
export const palettePageSchema = z.object({ records: z.array(paletteColorSchema), total: z.number().int() }).meta({ id: 'PaletteColorPage' });
export type PalettePage = z.output<typeof palettePageSchema>;
export const bookTypeQuerySchema = z.object({ type: bookTypeSchema });
export const paletteFamilySchema = z.object({ family: z.enum(COLOR_FAMILIES), label: z.string(), count: z.number().int() }).meta({ id: 'PaletteFamily' });
export type PaletteFamily = z.output<typeof paletteFamilySchema>;

// ---- Color-card books ----

export const colorBookNameSchema = z.string().trim().min(1, 'validation.required').max(COLOR_BOOK_NAME_MAX, 'validation.colorBookNameTooLong');

/**
 * A color to put in a book: one of a book type's colors by code, one of a material's color cards, or a color picked
 * from a photo or typed (kept under its own hex).
 */
export const colorRefSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('book'), type: bookTypeSchema, code: z.string().trim().min(1).max(60) }),
  z.object({ source: z.literal('card'), colorCardId: id }),
  z.object({ source: z.literal('picked'), hex, name: z.string().trim().max(COLOR_BOOK_NAME_MAX, 'validation.tooLong').optional() }),
]);
export type ColorRef = z.output<typeof colorRefSchema>;
export type ColorRefInput = z.input<typeof colorRefSchema>;

export const colorBookAddSchema = z.object({ name: colorBookNameSchema, userType: userTypeSchema.optional() });
export const colorBookRenameSchema = z.object({ id, name: colorBookNameSchema });
export const colorBookIdSchema = z.object({ id });
export const colorBookListSchema = z.object({
  keyword: z.string().trim().max(COLOR_BOOK_NAME_MAX, 'validation.tooLong').optional(),
  userType: userTypeSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(100),
});
export type ColorBookListQuery = z.input<typeof colorBookListSchema>;

export const COLOR_SORTS = ['added', 'hue', 'lightness'] as const;
export type ColorSort = (typeof COLOR_SORTS)[number];
export const colorBookColorListSchema = z.object({
  bookId: id,
  sort: z.enum(COLOR_SORTS).default('added'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(COLOR_BOOK_MAX_COLORS).default(COLOR_BOOK_MAX_COLORS),
});
export type ColorBookColorQuery = z.input<typeof colorBookColorListSchema>;
export const colorBookColorAddSchema = z.object({
  bookId: id,
  colors: z.array(colorRefSchema).min(1, 'validation.required').max(COLOR_ADD_MAX, 'validation.tooManyColors'),
});
export const colorBookColorRemoveSchema = z.object({
  bookId: id,
  colorIds: z.array(id).min(1, 'validation.required').max(COLOR_ADD_MAX, 'validation.tooManyColors'),
});
/** belong/{userType}: which of the caller's books hold each of these colors. */
export const colorBelongSchema = z.array(colorRefSchema).min(1, 'validation.required').max(COLOR_ADD_MAX, 'validation.tooManyColors');
export const userTypeParamSchema = z.object({ userType: userTypeSchema });

export const colorBookSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    userType: z.number().int(),
    isShared: z.number().int(),
    count: z.number().int(),
    /** The first colors, for the book's card (up to 9). */
    swatches: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'ColorBook' });
export type ColorBook = z.output<typeof colorBookSchema>;
export const colorBookPageSchema = z.object({ records: z.array(colorBookSchema), total: z.number().int() });
export type ColorBookPage = z.output<typeof colorBookPageSchema>;
export const colorBookRemovedSchema = z.object({ id: z.number().int() });

export const colorBookColorSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    hex: z.string(),
    r: z.number().int(),
    g: z.number().int(),
    b: z.number().int(),
    /** The book type the color came from, `card` or `picked`. */
    source: z.string(),
    family: z.enum(COLOR_FAMILIES),
    materialId: z.number().int().nullable(),
    colorCardId: z.number().int().nullable(),
  })
  .meta({ id: 'ColorBookColor' });
export type ColorBookColor = z.output<typeof colorBookColorSchema>;
export const colorBookColorPageSchema = z
  .object({ book: colorBookSchema, records: z.array(colorBookColorSchema), total: z.number().int() })
  .meta({ id: 'ColorBookColorPage' });
export type ColorBookColorPage = z.output<typeof colorBookColorPageSchema>;
export const colorAddResultSchema = z.object({ added: z.number().int(), count: z.number().int() });
export const colorRemoveResultSchema = z.object({ removed: z.number().int(), count: z.number().int() });
export const colorBelongResultSchema = z.array(z.object({ key: z.string(), bookIds: z.array(z.number().int()) }));
export type ColorBelongResult = z.output<typeof colorBelongResultSchema>;

/** The file a book is exported as. */
export const colorBookExportSchema = z.object({ id, format: z.enum(['ase', 'csv']).default('ase') });
