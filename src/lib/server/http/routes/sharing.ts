import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { binarySchema, idempotencyHeadersSchema } from '../../../contracts/common';
import { colorBookSchema } from '../../../contracts/color-library';
import {
  colorBookShareCreateSchema,
  colorBookShareQuerySchema,
  materialBookShareCreateSchema,
  materialBookShareQuerySchema,
  openedShareSchema,
  shareCodeCheckSchema,
  shareContentSchema,
  shareCreatedSchema,
  shareCreateSchema,
  shareEndRequestSchema,
  shareIdResultSchema,
  shareQuerySchema,
  shareLandingPath,
  shareSaveParamsSchema,
  type ShareAccess,
  type ShareContent,
  type SharedBookBrowse,
  type ShareKind,
} from '../../../contracts/sharing';
import { ERROR } from '../../../errors';
import { bookOwnerOf } from '../../color-books/own-color-book';
import { saveSharedColorBook } from '../../color-books/save-shared-color-book';
import { checkShareCode } from '../../sharing/check-share-code';
import { createShare, type Sharer } from '../../sharing/create-share';
import { endShare } from '../../sharing/end-share';
import { findShare } from '../../sharing/find-share';
import { qrSvg } from '../../sharing/image/qr';
import { renderShareCard } from '../../sharing/render-share-card';
import { openShare } from '../../sharing/open-share';
import { requireShareAccess } from '../../sharing/require-share-access';
import { readShareGrant, writeShareGrant } from '../../request/cookies';
import { marketOfRequest } from '../../request/market';
import { access } from '../access';
import { AppError } from '../../errors';
import { getSession, requireSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer as failure } from '../envelope';
import { requestLang } from '../language';
import { publicOrigin } from '../public-origin';
import { honoCookies } from '../cookies';

const M = '/idealab-material';

/** A share as the caller may see it, read with the caller's own grant cookie for that share; `browse` pages a material book. */
async function opened(c: Context<ApiEnv>, shareId: string, browse?: SharedBookBrowse) {
  const session = await getSession(c);
  const market = marketOfRequest(new URL(c.req.url));
  return openShare(shareId, { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, grant: readShareGrant(honoCookies(c), shareId), market }, requestLang(c), undefined, browse);
}

/** A share read through a book's own call: a share of another kind answers as if there were none. */
const onlyKind = (kind: ShareKind, shown: Awaited<ReturnType<typeof opened>>) => (shown.info && shown.info.kind !== kind ? { access: 'missing' as const, info: null, content: null, own: false } : shown);

/** The content when the caller may see it; otherwise the refusal that says what they need. */
function visibleContent(state: ShareAccess, content: ShareContent | null): ShareContent {
  requireShareAccess(state);
  if (!content) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
  return content;
}

/**
 * The sharer, with whose color-card books the path works on (the caller's, or on the supplier path the company's),
 * and whether they manage the company's materials, which lets them share the ones not on a market.
 */
async function sharerOf(c: Context<ApiEnv>): Promise<Sharer> {
  const session = await requireSession(c);
  return { userId: session.user.id, companyId: session.company?.id ?? null, books: bookOwnerOf(session, c.get('userType')), managesMaterials: session.permissions.includes('FUN001') };
}

/**
 * Shares: the sharer's calls (create, end) on the buyer and the supplier path (docs/api-paths.md); a viewer's calls
 * (read, QR, image, the password check) on one public path, since whoever opens a link may be either or neither.
 */
export function registerShareRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${M}/share/url`, access: 'permission:FUN004', tag: 'shares', bothRoles: true,
    summary: 'Share one material, several, a collection folder, a color card, a color-card book or a material book: public or with a 4-character code, for a day, a week, a month or for good',
    headers: idempotencyHeadersSchema, body: shareCreateSchema, answer: ['The share: its id, the code of a password share, the link', shareCreatedSchema],
    errors: {
      404: 'A material the caller may not share, or not the caller’s folder or book (a material book: not their company’s)',
      409: 'The Idempotency-Key was used for a different share',
      422: 'Invalid settings, live update for a material on the market, or a material book off the market',
    },
  }, async (c) => {
    const input = c.req.valid('json');
    const created = await createShare(await sharerOf(c), input, c.req.valid('header')['idempotency-key'] ?? null);
    return { ...created, url: `${publicOrigin(c)}${shareLandingPath(input.kind, created.shareId)}` };
  });

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/share/url`, access: 'permission:FUN004', tag: ['shares', 'color-books'], bothRoles: true,
    summary: 'Share one of the caller’s color-card books (`relateId`), with the settings of share/url; the book is marked shared',
    description: 'A snapshot share (isSync 0) shows the colors the book holds now, a live one (isSync 1) the book as it is when opened.',
    headers: idempotencyHeadersSchema, body: colorBookShareCreateSchema, answer: ['The share: its id, the code of a password share, the link', shareCreatedSchema],
    errors: { 404: 'Not one of the caller’s books', 409: 'The Idempotency-Key was used for a different share' },
  }, async (c) => {
    const { relateId, ...settings } = c.req.valid('json');
    const created = await createShare(await sharerOf(c), { kind: 'colorBook', colorBookId: relateId, ...settings }, c.req.valid('header')['idempotency-key'] ?? null);
    return { ...created, url: `${publicOrigin(c)}${shareLandingPath('colorBook', created.shareId)}` };
  });

  // Not FUN004: whoever lost the right to share keeps the right to stop what they shared.
  defineRoute(app, {
    method: 'post', path: `${M}/share/end`, access: 'session', tag: 'shares', bothRoles: true,
    summary: 'End one of the caller’s shares now: its link shows the expired page from then on',
    body: shareEndRequestSchema, answer: ['Ended', shareIdResultSchema],
    errors: { 404: 'Not a live share of the caller' },
  }, async (c) => {
    const { shareId } = c.req.valid('json');
    await endShare((await requireSession(c)).user.id, shareId);
    return { shareId };
  });

  defineRoute(app, {
    method: 'get', path: `${M}/share/info`, access: 'public', tag: 'shares',
    summary: 'A share as the caller may see it: whether they may, who shared it, and only then its content',
    query: shareQuerySchema, answer: ['The share', openedShareSchema],
    errors: { 422: 'Not a share id' },
  }, async (c) => opened(c, c.req.valid('query').id));

  defineRoute(app, {
    method: 'get', path: `${M}/color/card/book/share/info`, access: 'public', tag: ['shares', 'color-books'],
    summary: 'A color-card book share as the caller may see it, like share/info: only then the book’s name and colors',
    query: colorBookShareQuerySchema, answer: ['The share (a share of another kind reads as missing)', openedShareSchema],
    errors: { 422: 'Not a share id' },
  }, async (c) => onlyKind('colorBook', await opened(c, c.req.valid('query').shareId)));

  // The material book's share calls, each also on the older collection path.
  for (const path of [`${M}/material/book/share/url`, `${M}/collection/share`]) {
    defineRoute(app, {
      method: 'post', path, access: 'permission:FUN004', tag: ['shares', 'material-books'],
      summary: 'Share one of the caller’s company’s material books (`collectionId`) while it is on the market, with the settings of share/url',
      description: 'A snapshot share (isSync 0) pins the book’s materials on a market now, at their versions; a live one (isSync 1) follows the book. Taken off the market, the book’s shares read as ended to everyone outside the company until it is back.',
      headers: idempotencyHeadersSchema, body: materialBookShareCreateSchema, answer: ['The share: its id, the code of a password share, the link', shareCreatedSchema],
      errors: { 404: 'Not a book of the caller’s company', 409: 'The Idempotency-Key was used for a different share', 422: 'The book is off the market, or invalid settings' },
    }, async (c) => {
      const { collectionId, ...settings } = c.req.valid('json');
      const created = await createShare(await sharerOf(c), { kind: 'materialBook', materialBookId: collectionId, ...settings }, c.req.valid('header')['idempotency-key'] ?? null);
      return { ...created, url: `${publicOrigin(c)}${shareLandingPath('materialBook', created.shareId)}` };
    });
  }

  for (const path of [`${M}/material/book/share/info`, `${M}/collection/share/info`]) {
    defineRoute(app, {
      method: 'get', path, access: 'public', tag: ['shares', 'material-books'],
      summary: 'A material book share as the caller may see it, like share/info: only then the book and a page of its materials, those matching `keywords` if given',
      query: materialBookShareQuerySchema, answer: ['The share (a share of another kind reads as missing; a book off the market as expired, except to its company)', openedShareSchema],
      errors: { 422: 'Not a share id, or words too long' },
    }, async (c) => {
      const { shareId, keywords, page } = c.req.valid('query');
      return onlyKind('materialBook', await opened(c, shareId, { keywords, page }));
    });
  }

  defineRoute(app, {
    method: 'post', path: `${M}/color/card/book/share-save/{id}`, access: 'permission:FUN003', tag: ['shares', 'color-books'], bothRoles: true,
    summary: 'Save a copy of a shared color-card book ({id}: the share) into the caller’s books, renamed “name (2)”… on a clash',
    params: shareSaveParamsSchema, answer: ['The new book', colorBookSchema],
    errors: { 403: 'The share’s code has not been entered', 404: 'No such share, expired, or not of a book' },
  }, async (c) => {
    const { id } = c.req.valid('param');
    const session = await requireSession(c);
    return saveSharedColorBook(bookOwnerOf(session, c.get('userType')), id, { grant: readShareGrant(honoCookies(c), id) });
  });

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/share/qr`,
      tags: ['shares'],
      summary: 'The QR code of a share’s link (SVG); it holds the link only, which whoever has the id already has',
      request: { query: shareQuerySchema },
      responses: { 200: { description: 'An SVG image', content: { 'image/svg+xml': { schema: binarySchema } } }, 404: failure('No such share, deleted or expired') },
    }),
    async (c) => {
      const id = c.req.valid('query').id;
      const found = await findShare(id);
      if (found.state !== 'live') throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
      const svg = qrSvg(`${publicOrigin(c)}${shareLandingPath(found.share.kind as ShareKind, id)}`);
      return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/share/image`,
      tags: ['shares'],
      summary: 'The share image (PNG at 2x): covers, color cards, who shared it and the QR code; only for a viewer who may see the share',
      request: { query: shareQuerySchema },
      responses: {
        200: { description: 'A PNG image', content: { 'image/png': { schema: binarySchema } } },
        401: failure('The share is for signed-in viewers'),
        403: failure('The share’s code has not been entered'),
        404: failure('No such share, deleted or expired'),
      },
    }),
    async (c) => {
      const id = c.req.valid('query').id;
      const shown = await opened(c, id);
      const content = visibleContent(shown.access, shown.content);
      if (!shown.info) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
      const png = await renderShareCard(shown.info, content, requestLang(c));
      return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff', 'content-disposition': `inline; filename="share-${id}.png"` });
    },
  );

  defineRoute(app, {
    method: 'get', path: `${M}/share/relates`, access: 'public', tag: 'shares',
    summary: 'What a share holds, once the caller may see it',
    query: shareQuerySchema, answer: ['The content', shareContentSchema],
    errors: { 401: 'The share is for signed-in viewers', 403: 'The share’s code has not been entered', 404: 'No such share, deleted or expired' },
  }, async (c) => {
    const shown = await opened(c, c.req.valid('query').id);
    return visibleContent(shown.access, shown.content);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/share/code/check`, access: 'public', tag: 'shares',
    summary: 'Enter a password share’s code: a cookie then opens that share (and no other) for this browser',
    body: shareCodeCheckSchema, answer: ['Accepted', shareIdResultSchema],
    errors: { 404: 'No such share, deleted or expired', 422: 'Wrong code', 429: 'Too many wrong codes for this share or from this address' },
  }, async (c) => {
    const { shareId, code } = c.req.valid('json');
    const grant = await checkShareCode(shareId, code, clientIp(c));
    writeShareGrant(honoCookies(c), shareId, grant, new URL(c.req.url));
    return { shareId };
  });
}
