/**
 * Importing a book of named colors (docs/product/color-library.md#importing-a-book), the rules the import island
 * needs without zod; `palette-import.ts` builds its schemas on these.
 */
import { BOOK_TYPE_PATTERN, SYSTEM_BOOK_TYPE } from './color-library-rules';

/** A book's name in either language, once trimmed. */
export const PALETTE_NAME_MAX = 32;
/** A color's code within its book (`19-4052 TCX`, `085-40-48`); what a CSV's code column allows. */
export const PALETTE_CODE_MAX = 32;
/** How many accepted colors the report shows, enough for a screenful of swatches. */
export const PALETTE_PREVIEW_SIZE = 60;
/** How many row errors the report lists; `rejected` still counts them all, so a garbage file cannot swell the answer. */
export const PALETTE_ERRORS_LISTED = 1000;
/** What a file may be called: ASE is also known by its signature, whatever its name. */
export const PALETTE_FILE_ACCEPT = '.ase,.csv,.txt';

/** The names a licensee's book takes when the administrator leaves them blank. */
export const DEFAULT_PALETTE_NAMES: Readonly<Record<string, string>> = { coloro: 'Coloro', pantone: 'Pantone' };

/** A key a book can be imported under: a book type's key, but never the built-in system's. */
export const isImportableKey = (key: string) => BOOK_TYPE_PATTERN.test(key) && key !== SYSTEM_BOOK_TYPE;

/** Which part of a row was wrong, for the error table's column. */
export const PALETTE_ROW_FIELDS = ['code', 'name', 'hex', 'color'] as const;
export type PaletteRowField = (typeof PALETTE_ROW_FIELDS)[number];
