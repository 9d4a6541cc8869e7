import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ERROR } from '../../errors';
import { logger } from '../logger';
import { bearerToken, hasSessionCookie } from '../identity/session-token';
import { isSameOrigin } from '../request/same-origin';
import { rateLimitHeaders, reportLimits, type LimitReport } from '../security/rate-limit';
import { failure } from './envelope';
import type { ApiEnv } from './context';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * The policy of every API answer that sets none of its own: JSON, files and pictures load nothing and run nothing
 * when opened as a document, and no page may frame them. Swagger UI, the one HTML page, sets its own.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Request id on every log line and response; one access-log line per request. Every answer, an error or a 404
 * included, leaves with the same security headers as pages (docs/architecture.md#security), and with the
 * RateLimit headers of the limits the request met.
 */
export const requestContext: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const log = logger.child({ requestId });
  c.set('requestId', requestId);
  c.set('log', log);
  c.set('session', undefined);
  const started = performance.now();
  const limits: LimitReport = new Map();
  await reportLimits(limits, next);
  for (const [name, value] of Object.entries(rateLimitHeaders(limits) ?? {})) c.header(name, value);
  c.header('X-Request-Id', requestId);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  if (new URL(c.req.url).protocol === 'https:') c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'api request');
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (docs/architecture.md#security): a state change authenticated by the session cookie must come from our own origin.
 * A request authenticated by a bearer token is not forgeable by another site and passes; any other Authorization
 * header (`Basic`, a malformed bearer) leaves the cookie authenticating, so it is checked like none.
 */
export const sameOriginWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || bearerToken(c.req.header('authorization'))) return next();
  if (!hasSessionCookie(c.req.header('cookie'))) return next();
  if (isSameOrigin(c.req.header('sec-fetch-site'), c.req.header('origin'), c.req.url)) return next();
  return failure(c, 403, ERROR.authError, 'Cross-site request refused');
};

/**
 * For the few GETs that change state (docs/product/routes.md code send, select-company): a browser on another site must not be able
 * to trigger them with a link or an image, whatever the authentication.
 */
export const sameOriginRequired: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (isSameOrigin(c.req.header('sec-fetch-site'), c.req.header('origin'), c.req.url)) return next();
  return failure(c, 403, ERROR.authError, 'Cross-site request refused');
};
