/** Material book rules the islands need without zod (docs/product/material-books.md#rules). */

/** A book's name: 1–20 characters once trimmed, like a folder's. */
export const MATERIAL_BOOK_NAME_MAX = 20;
/** A book's introduction, like a share's. */
export const MATERIAL_BOOK_INTRO_MAX = 200;
/** The most materials one book holds. */
export const MATERIAL_BOOK_MAX_MATERIALS = 200;
/** Materials a page of a book shows. */
export const MATERIAL_BOOK_PAGE_SIZE = 24;

export const MATERIAL_BOOKS_PATH = '/material-brochure';
export const materialBookPath = (id: number) => `/material-brochure/detail?id=${id}`;
