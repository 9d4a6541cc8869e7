import { Readable } from 'node:stream';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  materialBookAddSchema,
  materialBookBatchResultSchema,
  materialBookCollectSchema,
  materialBookEditSchema,
  materialBookIdSchema,
  materialBookIdsSchema,
  materialBookListSchema,
  materialBookMaterialsSchema,
  materialBookPageSchema,
  materialBookRemovedSchema,
  materialBookRenameSchema,
  materialBookSchema,
  materialBookSearchSchema,
} from '../../../contracts/material-books';
import { addMaterialBook } from '../../material-books/add-material-book';
import { collectMaterialBook } from '../../material-books/collect-material-book';
import { editMaterialBook } from '../../material-books/edit-material-book';
import { listCollectedBooks } from '../../material-books/list-collected-books';
import { listCompanyBooks } from '../../material-books/list-company-books';
import { removeMaterialBook } from '../../material-books/remove-material-book';
import { renameMaterialBook } from '../../material-books/rename-material-book';
import { searchBookMaterials } from '../../material-books/search-book-materials';
import { setBooksOnMarket } from '../../material-books/set-books-on-market';
import { takeBookMaterial } from '../../material-books/take-book-material';
import { binarySchema } from '../../../contracts/common';
import { renderBookPdf } from '../../material-books/render-book-pdf';
import { consumeLimit } from '../../security/rate-limit';
import { attachmentDisposition } from '../../storage/content-disposition';
import { clientIp } from '../client-ip';
import { access } from '../access';
import { getSession, requirePermission, requireSession } from '../auth';
import { errorAnswer } from '../envelope';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';
const PERMISSION = 'FUN011';

/** The supplier company a book call works for: the caller must work there and hold the material-books permission. */
async function author(c: Context<ApiEnv>) {
  const session = await requirePermission(c, PERMISSION);
  return { userId: session.user.id, companyId: session.company.id };
}

/** Whoever reads: a signed-in person (with their company) or a guest. */
async function viewerOf(c: Context<ApiEnv>) {
  const session = await getSession(c);
  return { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null };
}

/**
 * Material books (docs/product/material-books.md#calls): a supplier company makes and publishes brochures of its
 * materials; buyers read the ones on the market, search inside them and keep them.
 */
export function registerMaterialBookRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${M}/material/book/add`, access: 'permission:FUN011', tag: 'material-books',
    summary: 'Create a material book (name 1–20 characters, unique in the company), off the market',
    body: materialBookAddSchema, answer: ['The new book', materialBookSchema],
    errors: { 403: 'Not a supplier at work, or without the material-books permission (FUN011)', 409: 'A book with this name exists' },
  }, async (c) => addMaterialBook(await author(c), c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/material/book/rename`, access: 'permission:FUN011', tag: 'material-books',
    summary: 'Rename one of the company’s books',
    body: materialBookRenameSchema, answer: ['The renamed book', materialBookSchema],
    errors: { 403: 'Without the material-books permission', 404: 'No such book of the company', 409: 'A book with this name exists' },
  }, async (c) => {
    const { id, name } = c.req.valid('json');
    return renameMaterialBook(await author(c), id, name, requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${M}/material/book/edit`, access: 'permission:FUN011', tag: 'material-books',
    summary: 'Save a book’s introduction, cover and materials in order (ours: the editor’s save)',
    description: 'Only the company’s own materials, at most 200; one that is not fails the save, naming its place, and nothing changes.',
    body: materialBookEditSchema, answer: ['The book', materialBookSchema],
    errors: { 403: 'Without the material-books permission', 404: 'No such book of the company', 422: 'A material that is not the company’s, or invalid input' },
  }, async (c) => editMaterialBook(await author(c), c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/material/book/delete`, access: 'permission:FUN011', tag: 'material-books',
    summary: 'Delete one of the company’s books (ours); its shares end',
    body: materialBookIdSchema, answer: ['The deleted book', materialBookRemovedSchema],
    errors: { 403: 'Without the material-books permission', 404: 'No such book of the company' },
  }, async (c) => removeMaterialBook((await author(c)).companyId, c.req.valid('json').id));

  // A GET on the wire that changes a book: it must still come from our own pages.
  defineRoute(app, {
    method: 'get', path: `${M}/material/book/remove`, access: 'permission:FUN011', tag: 'material-books', sameOrigin: true,
    summary: 'Take one material out of one of the company’s books (same-origin only)',
    query: z.object({ id: materialBookIdSchema.shape.id, materialId: materialBookIdSchema.shape.id }), answer: ['How many were taken out', z.object({ removed: z.number().int() })],
    errors: { 403: 'Without the material-books permission', 404: 'No such book of the company' },
  }, async (c) => {
    const { id, materialId } = c.req.valid('query');
    return takeBookMaterial((await author(c)).companyId, id, materialId);
  });

  defineRoute(app, {
    method: 'get', path: `${M}/material/book/list`, access: 'permission:FUN011', tag: 'material-books',
    summary: 'The company’s books, newest change first, with a keyword over names',
    query: materialBookListSchema, answer: ['Books', materialBookPageSchema],
    errors: { 403: 'Without the material-books permission' },
  }, async (c) => {
    const who = await author(c);
    return listCompanyBooks(who.companyId, who, c.req.valid('query'), requestLang(c));
  });

  for (const [path, onMarket, word] of [[`${M}/open/market/v1.4/materalbook/batch/on`, 1, 'on'], [`${M}/open/market/materalbook/batch/of`, 0, 'off']] as const) {
    defineRoute(app, {
      method: 'post', path, access: 'permission:FUN011', tag: 'material-books',
      summary: `Put up to 100 of the company’s books ${word} the market`,
      description: 'Every id must be one of the company’s books, or nothing changes.',
      body: materialBookIdsSchema, answer: ['How many changed', materialBookBatchResultSchema],
      errors: { 403: 'Without the material-books permission', 404: 'A book that is not the company’s' },
    }, async (c) => setBooksOnMarket((await author(c)).companyId, c.req.valid('json').ids, onMarket));
  }

  defineRoute(app, {
    method: 'post', path: `${M}/material/book/collect`, access: 'session', tag: 'material-books',
    summary: 'Keep a book on the market, or stop keeping it (idempotent)',
    body: materialBookCollectSchema, answer: ['Whether the caller keeps it', z.object({ collected: z.boolean() })],
    errors: { 404: 'No such book on the market' },
  }, async (c) => {
    const session = await requireSession(c);
    const { id, collect } = c.req.valid('json');
    return collectMaterialBook({ userId: session.user.id, companyId: session.company?.id ?? null }, id, collect);
  });

  defineRoute(app, {
    method: 'get', path: `${M}/material/book/collected`, access: 'session', tag: 'material-books',
    summary: 'The books the caller keeps that are on the market, newest kept first (ours)',
    query: materialBookListSchema.omit({ keyword: true }), answer: ['Books', materialBookPageSchema],
  }, async (c) => {
    const session = await requireSession(c);
    return listCollectedBooks({ userId: session.user.id, companyId: session.company?.id ?? null }, c.req.valid('query'), requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${M}/material/book/material/search`, access: 'public', tag: 'material-books',
    summary: 'Search inside a book: its materials whose name or serial number holds the words, in the book’s order',
    description: 'A book off the market is its company’s alone.',
    body: materialBookSearchSchema, answer: ['The book and a page of its materials', materialBookMaterialsSchema],
    errors: { 404: 'No such book the caller may read' },
  }, async (c) => searchBookMaterials(await viewerOf(c), c.req.valid('json'), requestLang(c)));

  // The detail of a book, on the paths each kind of reader calls: the supplier's, the buyer's and the open one.
  for (const [path, access] of [[`${M}/collection/detail`, 'session'], [`${M}/buyer/collection/detail`, 'session'], [`${M}/open/collection/detail`, 'public']] as const) {
    defineRoute(app, {
      method: 'get', path, access, tag: 'material-books',
      summary: 'A material book and its first page of materials',
      query: materialBookIdSchema, answer: ['The book and its materials', materialBookMaterialsSchema],
      errors: { 404: 'No such book the caller may read' },
    }, async (c) => searchBookMaterials(await viewerOf(c), { id: c.req.valid('query').id, keywords: '', page: 1, size: 24 }, requestLang(c)));
  }

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/material/book/pdf`,
      tags: ['material-books'],
      summary: 'A material book as a PDF made on the server (title page, then a block per material), with text that can be selected',
      request: { query: materialBookIdSchema },
      responses: {
        200: { description: 'The PDF, as an attachment', content: { 'application/pdf': { schema: binarySchema } } },
        404: errorAnswer('No such book the caller may read (100404)'),
        422: errorAnswer('Invalid query'),
        429: errorAnswer('Too many PDFs from this address, or too many different PDFs being drawn at once (100429); `Retry-After` says when to try again'),
      },
    }),
    async (c) => {
      // Counted before anything is read or drawn: a large book's PDF is megabytes, and drawing a new version takes seconds.
      await consumeLimit('materialBookPdf.ip', clientIp(c));
      const file = await renderBookPdf(await viewerOf(c), c.req.valid('query').id, requestLang(c));
      return c.body(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(file.size),
        'Content-Disposition': attachmentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
}
