/**
 * Color library rules the islands need without zod (docs/product/color-library.md#rules); `color-library.ts`
 * builds its schemas on these.
 */

/** A color-card book's name: 1–32 characters once trimmed. */
export const COLOR_BOOK_NAME_MAX = 32;
/** The most colors one book holds, and one page of colors (the color page size). */
export const COLOR_BOOK_MAX_COLORS = 999;
/** The most colors one color/add, color/remove or belong call takes. */
export const COLOR_ADD_MAX = 100;

/** The built-in color system's book type; the others are imported (`coloro`, `pantone`, or a brand's key). */
export const SYSTEM_BOOK_TYPE = 'matlib';
/** The proprietary book types the header's color library names; their data is the licensee's to import. */
export const PROPRIETARY_BOOK_TYPES = ['coloro', 'pantone'] as const;
/** A book type's key: lower-case letters, digits and dashes, starting with a letter (it is part of a page's path). */
export const BOOK_TYPE_PATTERN = /^[a-z][a-z0-9-]{1,23}$/;

/** The gradient page of a book type. */
export const gradientPath = (type: string) => `/main/color/${type}-gradient`;
export const COLOR_CARD_BOOK_PATH = '/main/color-card-book';
