/**
 * Request bodies are read here, once, before anything parses them (docs/architecture.md#security): at most the
 * route's limit is ever held in memory, and a JSON body nested deeper than `JSON_MAX_DEPTH` is refused by a linear
 * scan of its text, since JSON.parse spends about a second on a megabyte of `[` before any schema sees it.
 *
 * A route declares a limit of its own with `declareBodyLimit` (`bodyLimit` in `defineRoute`); every other request
 * gets `API_BODY_LIMIT` (env). A multipart body with more than `MULTIPART_MAX_PARTS` parts is refused as soon as it
 * passes the count. The guard is one middleware in front of all routes, so it finds the declaration among
 * the request's matched routes: a body over the limit is refused before it is read when its length is declared,
 * and as soon as it passes the limit when it is streamed.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ERROR } from '../../errors';
import { formatFileSize } from '../../constants';
import type { ApiEnv } from './context';
import { failure } from './envelope';
import { requestT } from './language';
import { exceedsJsonDepth, JSON_MAX_DEPTH } from '../../json-depth';
import { env } from '../env';
import { readBoundedBody } from '../request/bounded-body';


/**
 * A route's body limit in bytes, or `streamed` for a route that reads its body itself with a cap of its own (the
 * local store's part endpoint: buffering a 5 MiB part here is what streaming it to disk avoids).
 */
export type BodyLimit = number | 'streamed';
type Declared = { method: string; limit: BodyLimit; tooLarge?: string };

const declared = new WeakMap<object, Declared>();

/**
 * Declares the body limit of one route (both paths of a role route call this twice). `tooLarge` names the
 * `validation.*` message of a 413 when the route has a better word for it than the generic one.
 */
export function declareBodyLimit(app: OpenAPIHono<ApiEnv>, method: string, path: string, limit: BodyLimit, tooLarge?: string): void {
  // A marker that does nothing: the guard, running before it, finds it among the request's matched routes.
  const mark: MiddlewareHandler<ApiEnv> = (_c, next) => next();
  declared.set(mark, { method: method.toUpperCase(), limit, ...(tooLarge ? { tooLarge } : {}) });
  app.use(path.replace(/\{(\w+)\}/g, ':$1'), mark);
}

function declarationOf(c: Context<ApiEnv>): Declared | undefined {
  for (const route of matchedRoutes(c)) {
    const found = declared.get(route.handler);
    if (found && found.method === c.req.method) return found;
  }
  return undefined;
}

function tooLarge(c: Context<ApiEnv>, limit: number, key?: string) {
  const t = requestT(c);
  return failure(c, 413, ERROR.payloadTooLarge, key ? t(key) : t('validation.bodyTooLarge', { maximum: formatFileSize(limit) }));
}

/** Bodies whose text is never parsed as JSON here or by Hono (a file upload's parts may hold any bytes). */
const isMultipart = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');

/**
 * The guard in front of every route: the body within the route's limit, then (unless it is multipart) no deeper
 * than JSON_MAX_DEPTH, whatever the content type says, since a handler may read any body as JSON. The bytes read
 * become the request's body again for the route.
 */
export const guardBodies: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const route = declarationOf(c);
  if (route?.limit === 'streamed') return next();
  const { API_BODY_LIMIT, MULTIPART_MAX_PARTS } = env();
  const limit = route?.limit ?? API_BODY_LIMIT;
  const body = await readBoundedBody(raw, { limit, maxParts: MULTIPART_MAX_PARTS });
  if ('refused' in body) {
    if (body.refused === 'tooLarge') return tooLarge(c, limit, route?.tooLarge);
    return failure(c, 413, ERROR.payloadTooLarge, requestT(c)('validation.tooManyParts', { maximum: String(MULTIPART_MAX_PARTS) }));
  }
  if (!isMultipart(c.req.header('content-type')) && exceedsJsonDepth(body.bytes, JSON_MAX_DEPTH)) {
    return failure(c, 400, ERROR.fieldInvalid, requestT(c)('validation.bodyTooDeep', { maximum: String(JSON_MAX_DEPTH) }));
  }
  c.req.raw = new Request(raw, { body: body.bytes });
  return next();
};
