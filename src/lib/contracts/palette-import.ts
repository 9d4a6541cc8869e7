/**
 * An administrator's import of a book of named colors (docs/product/color-library.md#importing-a-book): the form,
 * the report it answers, the imported books and their removal. Islands read the zod-free rules from
 * `palette-import-rules.ts`.
 */
import { z } from 'zod';
import { BOOK_TYPE_PATTERN, SYSTEM_BOOK_TYPE } from './color-library-rules';
import { COLOR_FAMILIES } from './colors';
import { PALETTE_NAME_MAX, PALETTE_ROW_FIELDS } from './palette-import-rules';

export * from './palette-import-rules';

/** Keys are lower case in paths, so `Coloro` typed in the form is the `coloro` book. */
export const paletteKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(BOOK_TYPE_PATTERN, 'validation.paletteKey')
  .refine((key) => key !== SYSTEM_BOOK_TYPE, 'validation.paletteKeySystem')
  .meta({ description: 'The book’s key: 2–24 lower-case letters, digits or dashes, starting with a letter; not `matlib`', example: 'coloro' });

/** Blank means "keep the book's name, or take the default": see `importPalette`. */
const paletteNameSchema = z.string().trim().max(PALETTE_NAME_MAX, 'validation.paletteNameTooLong').default('');

/** The multipart form of an import. */
export const paletteImportFormSchema = z.object({
  key: paletteKeySchema,
  nameCn: paletteNameSchema.meta({ description: 'The book’s Chinese name; blank keeps the current name, or takes the English one' }),
  nameEn: paletteNameSchema.meta({ description: 'The book’s English name; blank keeps the current name, or takes the Chinese one' }),
  file: z
    .instanceof(File, { message: 'validation.paletteFileRequired' })
    .meta({ type: 'string', format: 'binary', description: 'An Adobe Swatch Exchange (.ase, at most 5 MB) or CSV (.csv, at most 2 MB) file' }),
  commit: z.enum(['true', 'false']).default('false').meta({ description: '`true` writes the good rows; `false` (the default) only reports what would be written' }),
});

/** What `importPalette` is given, however the file arrived. */
export const paletteImportInputSchema = z.object({
  key: paletteKeySchema,
  nameCn: paletteNameSchema,
  nameEn: paletteNameSchema,
  file: z.object({ name: z.string().max(255), bytes: z.instanceof(Uint8Array) }),
  commit: z.boolean(),
});
export type PaletteImportInput = z.input<typeof paletteImportInputSchema>;

export const paletteRowErrorSchema = z
  .object({
    /** A CSV's line (the header is line 1), or an ASE color's place among the file's colors, from 1. */
    row: z.number().int(),
    field: z.enum(PALETTE_ROW_FIELDS).optional(),
    /** An i18n key, `paletteImport.rowErrors.*`. */
    message: z.string(),
    /** What the administrator finds the row by: its name, or the code that came twice. */
    value: z.string().optional(),
  })
  .meta({ id: 'PaletteRowError' });
export type PaletteRowError = z.output<typeof paletteRowErrorSchema>;

export const palettePreviewColorSchema = z.object({ code: z.string(), name: z.string(), hex: z.string(), family: z.enum(COLOR_FAMILIES) }).meta({ id: 'PalettePreviewColor' });
export type PalettePreviewColor = z.output<typeof palettePreviewColorSchema>;

export const paletteImportReportSchema = z
  .object({
    key: z.string(),
    nameCn: z.string(),
    nameEn: z.string(),
    format: z.enum(['ase', 'csv']),
    /** Whether the good rows were written; false for a preview, and for a file without one good row. */
    committed: z.boolean(),
    /** Rows in the file, good and bad. */
    total: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    /** The first `PALETTE_ERRORS_LISTED` bad rows in file order. */
    errors: z.array(paletteRowErrorSchema),
    /** The first `PALETTE_PREVIEW_SIZE` good rows in file order. */
    preview: z.array(palettePreviewColorSchema),
    /** Of the good rows, how many are new codes in the book and how many replace a color with the same code (or would, in a preview). */
    created: z.number().int(),
    updated: z.number().int(),
  })
  .meta({ id: 'PaletteImportReport' });
export type PaletteImportReport = z.output<typeof paletteImportReportSchema>;

export const paletteSummarySchema = z
  .object({
    key: z.string(),
    nameCn: z.string(),
    nameEn: z.string(),
    count: z.number().int(),
    /** Coloro or Pantone: a licensee's data. */
    proprietary: z.boolean(),
    updatedAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'PaletteSummary' });
export type PaletteSummary = z.output<typeof paletteSummarySchema>;
export const paletteSummariesSchema = z.array(paletteSummarySchema);

export const paletteRemoveSchema = z.object({ key: paletteKeySchema });
export const paletteRemovedSchema = z.object({ key: z.string(), removed: z.number().int().meta({ description: 'How many colors went with the book' }) }).meta({ id: 'PaletteRemoved' });
export type PaletteRemoved = z.output<typeof paletteRemovedSchema>;
