/**
 * The body of a page's form post (docs/architecture.md#security). The http server refuses one whose declared length
 * is over the page's limit before Astro is given the request (`refuseOversizedPageBody`); the middleware then reads
 * it, within the limit and the multipart part cap, before any page runs, and pages read the form from those bytes
 * (`postedFormData`), never from the request, whose stream is spent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatFileSize } from '../../constants';
import { HOMEPAGE_BODY_LIMIT, HOMEPAGE_PREVIEW_PATH } from '../../contracts/merchant-homepage-rules';
import { DEFAULT_LANG, getT, negotiateLanguage, type T } from '../../i18n';
import { env } from '../env';
import { readBoundedBody } from '../request/bounded-body';

/**
 * Pages whose forms carry more than `PAGE_BODY_LIMIT`. The homepage preview posts the builder's modules (the JSON the
 * API takes up to HOMEPAGE_BODY_LIMIT) in one form field, where percent-encoding its punctuation can triple it.
 */
const LARGER_PAGE_BODIES: ReadonlyMap<string, number> = new Map([[HOMEPAGE_PREVIEW_PATH, 3 * HOMEPAGE_BODY_LIMIT]]);

export function pageBodyLimit(pathname: string): number {
  return Math.max(env().PAGE_BODY_LIMIT, LARGER_PAGE_BODIES.get(pathname) ?? 0);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a page request's body at the http server, before Astro's handler is given it, and says whether it did:
 * `astro dev` reads a whole body into memory before any middleware runs, and in production nothing needs to be
 * made of a body that is refused anyway. A streamed body (Transfer-Encoding) has no length to judge: 411, which no
 * browser's form post meets, as browsers send Content-Length. Over the page's limit: 413. The connection is closed,
 * so the rest is never read.
 */
export function refuseOversizedPageBody(req: IncomingMessage, res: ServerResponse): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const limit = pageBodyLimit(pathname);
  const streamed = req.headers['transfer-encoding'] !== undefined;
  if (!streamed && Number(req.headers['content-length'] ?? 0) <= limit) return false;
  const t = getT(negotiateLanguage(undefined, req.headers['accept-language'] ?? null, DEFAULT_LANG));
  const message = streamed ? t('validation.bodyLengthRequired') : t('validation.bodyTooLarge', { maximum: formatFileSize(limit) });
  res.writeHead(streamed ? 411 : 413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(message);
  return true;
}

/** The posted bytes, or the refusal to answer with (413, in the page's language). */
export async function readPageBody(request: Request, pathname: string, t: T): Promise<Uint8Array<ArrayBuffer> | Response> {
  const limit = pageBodyLimit(pathname);
  const { MULTIPART_MAX_PARTS } = env();
  const body = await readBoundedBody(request, { limit, maxParts: MULTIPART_MAX_PARTS });
  if ('bytes' in body) return body.bytes;
  const message = body.refused === 'tooLarge' ? t('validation.bodyTooLarge', { maximum: formatFileSize(limit) }) : t('validation.tooManyParts', { maximum: String(MULTIPART_MAX_PARTS) });
  return new Response(message, { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The form a page was posted, from the bytes the middleware read; null when there is none or it cannot be read. */
export async function postedFormData(page: { request: Request; locals: Partial<App.Locals> }): Promise<FormData | null> {
  const bytes = page.locals.body;
  if (!bytes) return null;
  const contentType = page.request.headers.get('content-type') ?? '';
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData().catch(() => null);
}
