import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { binarySchema } from '../../../contracts/common';
import {
  bookTypeInfoSchema,
  bookTypeQuerySchema,
  COLOR_BOOK_MAX_COLORS,
  colorAddResultSchema,
  colorBelongResultSchema,
  colorBelongSchema,
  colorBookAddSchema,
  colorBookColorAddSchema,
  colorBookColorListSchema,
  colorBookColorPageSchema,
  colorBookColorRemoveSchema,
  colorBookExportSchema,
  colorBookIdSchema,
  colorBookListSchema,
  colorBookPageSchema,
  colorBookRemovedSchema,
  colorBookRenameSchema,
  colorBookSchema,
  colorRemoveResultSchema,
  paletteColorsSchema,
  paletteFamilySchema,
  palettePageQuerySchema,
  palettePageSchema,
  paletteQuerySchema,
  userTypeParamSchema,
} from '../../../contracts/color-library';
import { z } from 'zod';
import { addBookColors } from '../../color-books/add-book-colors';
import { addColorBook } from '../../color-books/add-color-book';
import { exportColorBook } from '../../color-books/export-color-book';
import { findBooksHolding } from '../../color-books/find-books-holding';
import { listBookColors } from '../../color-books/list-book-colors';
import { listColorBooks } from '../../color-books/list-color-books';
import { bookOwnerOf, checkSentUserType } from '../../color-books/own-color-book';
import { removeBookColors } from '../../color-books/remove-book-colors';
import { removeColorBook } from '../../color-books/remove-color-book';
import { renameColorBook } from '../../color-books/rename-color-book';
import { findPaletteColors } from '../../colors/find-palette-colors';
import { listBookTypes } from '../../colors/list-book-types';
import { listPaletteFamilies } from '../../colors/list-palette-families';
import { attachmentDisposition } from '../../storage/content-disposition';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer } from '../envelope';
import { requestLang } from '../language';
import { openapiForBothRoles } from '../role-routes';

const M = '/idealab-material';
const T = '/third-platform-center';

/** The owner a call works for: the caller, or on the supplier path the company they work in. */
async function ownerOf(c: Context<ApiEnv>) {
  const session = await requireSession(c);
  return { session, owner: bookOwnerOf(session, c.get('userType')) };
}

/**
 * The color library (docs/product/color-library.md#calls): the book types anyone may browse, and the color-card
 * books of a buyer or, on the supplier path, of the supplier company the caller works in.
 */
export function registerColorBookRoutes(app: OpenAPIHono<ApiEnv>) {
  // ---- Book types (public, like the color search) ----
  defineRoute(app, {
    method: 'post', path: `${T}/color-card/color-book-names`, access: 'public', tag: 'colors',
    summary: 'The book types: the built-in color system, Coloro and Pantone (0 colors until imported), then imported books',
    answer: ['Book types', z.array(bookTypeInfoSchema)],
  }, async (c) => listBookTypes(requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${T}/color-card/color-books`, access: 'public', tag: 'colors',
    summary: `A book type’s colors (at most ${COLOR_BOOK_MAX_COLORS}), one family’s or a keyword’s (code, name, or a hex color within ΔE2000 6)`,
    body: paletteQuerySchema, answer: ['Colors, in the book’s order (nearest first for a hex)', paletteColorsSchema],
    errors: { 404: 'No such book type' },
  }, async (c) => (await findPaletteColors(c.req.valid('json'), requestLang(c))).slice(0, COLOR_BOOK_MAX_COLORS));

  defineRoute(app, {
    method: 'post', path: `${T}/color-card/color-books-page`, access: 'public', tag: 'colors',
    summary: 'A page of a book type’s colors, with the same filters as color-books',
    body: palettePageQuerySchema, answer: ['Colors and their total', palettePageSchema],
    errors: { 404: 'No such book type' },
  }, async (c) => {
    const { page, size, ...query } = c.req.valid('json');
    const colors = await findPaletteColors(query, requestLang(c));
    return { records: colors.slice((page - 1) * size, page * size), total: colors.length };
  });

  defineRoute(app, {
    method: 'post', path: `${T}/color-card/color-book-families`, access: 'public', tag: 'colors',
    summary: 'The color families of a book type, with how many colors each holds',
    body: bookTypeQuerySchema, answer: ['Families', z.array(paletteFamilySchema)],
    errors: { 404: 'No such book type' },
  }, async (c) => listPaletteFamilies(c.req.valid('json').type, requestLang(c)));

  // ---- Color-card books (both roles) ----
  defineRoute(app, {
    method: 'get', path: `${M}/color/card/book/list`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true,
    summary: 'The caller’s color-card books (keyword over names), newest first, each with its count and first colors',
    query: colorBookListSchema, answer: ['Books', colorBookPageSchema],
    errors: { 422: 'A userType that is not the path’s' },
  }, async (c) => {
    const { owner } = await ownerOf(c);
    const { userType, ...query } = c.req.valid('query');
    checkSentUserType(userType, owner);
    return listColorBooks(owner, query);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/add`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true,
    summary: 'Create a color-card book (name 1–32 characters, unique per owner)',
    body: colorBookAddSchema, answer: ['The new book', colorBookSchema],
    errors: { 409: 'A book with this name exists', 422: 'A bad name, or a userType that is not the path’s' },
  }, async (c) => {
    const { owner } = await ownerOf(c);
    const { name, userType } = c.req.valid('json');
    checkSentUserType(userType, owner);
    return addColorBook(owner, name);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/rename`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true,
    summary: 'Rename one of the caller’s color-card books',
    body: colorBookRenameSchema, answer: ['The renamed book', colorBookSchema],
    errors: { 404: 'No such book of the caller', 409: 'A book with this name exists' },
  }, async (c) => {
    const { id, name } = c.req.valid('json');
    return renameColorBook((await ownerOf(c)).owner, id, name);
  });

  // A GET on the wire that deletes: it must still come from our own pages.
  defineRoute(app, {
    method: 'get', path: `${M}/color/card/book/delete`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true, sameOrigin: true,
    summary: 'Delete one of the caller’s color-card books with its colors (same-origin only)',
    query: colorBookIdSchema, answer: ['The deleted book', colorBookRemovedSchema],
    errors: { 404: 'No such book of the caller' },
  }, async (c) => removeColorBook((await ownerOf(c)).owner, c.req.valid('query').id));

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/color/list`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true, allowFrozen: true,
    summary: 'One of the caller’s books and a page of its colors, in the order added, by hue or by lightness',
    body: colorBookColorListSchema, answer: ['The book and its colors', colorBookColorPageSchema],
    errors: { 404: 'No such book of the caller' },
  }, async (c) => listBookColors((await ownerOf(c)).owner, c.req.valid('json'), { lang: requestLang(c) }));

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/color/add`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true,
    summary: 'Add up to 100 colors to one of the caller’s books: book colors by code, material color cards, or picked colors',
    description: `Idempotent: a color the book holds stays where it is. A book holds at most ${COLOR_BOOK_MAX_COLORS} colors; an unknown color fails the whole call, naming its position.`,
    body: colorBookColorAddSchema, answer: ['How many were added, and the book’s count', colorAddResultSchema],
    errors: { 404: 'No such book of the caller', 422: 'An unknown color, too many colors, or a full book' },
  }, async (c) => {
    const { session, owner } = await ownerOf(c);
    const { bookId, colors } = c.req.valid('json');
    return addBookColors(owner, bookId, colors, { companyId: session.company?.id ?? null }, { lang: requestLang(c) });
  });

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/color/remove`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true,
    summary: 'Take colors out of one of the caller’s books (ids not in it are ignored)',
    body: colorBookColorRemoveSchema, answer: ['How many were taken out, and the book’s count', colorRemoveResultSchema],
    errors: { 404: 'No such book of the caller' },
  }, async (c) => {
    const { bookId, colorIds } = c.req.valid('json');
    return removeBookColors((await ownerOf(c)).owner, bookId, colorIds);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/belong/{userType}`, access: 'permission:FUN003', tag: 'color-books', bothRoles: true, allowFrozen: true,
    summary: 'Which of the caller’s books hold each of up to 100 colors (an array body)',
    params: userTypeParamSchema, body: colorBelongSchema, answer: ['For each color its key and the books holding it', colorBelongResultSchema],
    errors: { 422: 'A userType that is not the path’s, or too many colors' },
  }, async (c) => {
    const { owner } = await ownerOf(c);
    checkSentUserType(c.req.valid('param').userType, owner);
    return findBooksHolding(owner, c.req.valid('json'));
  });

  openapiForBothRoles(
    app,
    createRoute({
      ...access('permission:FUN003'),
      method: 'get',
      path: `${M}/color/card/book/export`,
      tags: ['color-books'],
      summary: 'One of the caller’s books as an Adobe Swatch Exchange file or CSV, for design software',
      request: { query: colorBookExportSchema },
      responses: {
        200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: binarySchema }, 'text/csv': { schema: binarySchema } } },
        403: errorAnswer('Without the color-card books permission (FUN003) in the current company'),
        404: errorAnswer('No such book of the caller (100404)'),
        422: errorAnswer('Invalid query'),
      },
    }),
    async (c) => {
      const { owner } = await ownerOf(c);
      const { id, format } = c.req.valid('query');
      const file = await exportColorBook(owner, id, format, { lang: requestLang(c) });
      return c.body(new Uint8Array(file.body), 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
    { changesState: false },
  );
}
