/**
 * The body of a page's form post (docs/architecture.md#security). The middleware reads it, within the page's limit
 * and the multipart part cap, before any page runs; pages then read the form from those bytes (`postedFormData`),
 * never from the request, whose stream is spent.
 */
import { formatFileSize } from '../../constants';
import { HOMEPAGE_BODY_LIMIT, HOMEPAGE_PREVIEW_PATH } from '../../contracts/merchant-homepage-rules';
import type { T } from '../../i18n';
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
