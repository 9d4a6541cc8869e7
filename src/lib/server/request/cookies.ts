/**
 * The cookies the server sets, written the same way by the API and by pages: the session (`ilt`, `__Host-ilt` over
 * HTTPS) and the grant a password share's right code earns. Both are HttpOnly, SameSite=Lax, and Secure when the site
 * is served over HTTPS. Each side passes its own cookie access as a `CookieJar`.
 */
import { env } from '../env';
import { readSessionToken, SECURE_SESSION_COOKIE, SESSION_ABSOLUTE_MS, SESSION_COOKIE, sessionCookieName } from '../identity/session-token';
import { grantCookieName } from '../sharing/share-grant';
import { USAGE_OPT_OUT_COOKIE, USAGE_OPT_OUT_VALUE } from '../../contracts/analytics-rules';

export interface CookieAttributes {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax';
  secure: boolean;
  maxAge?: number;
  expires?: Date;
}

/** Read and write access to one request's cookies (Hono's context or Astro's `cookies`, adapted). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes: CookieAttributes): void;
  delete(name: string, attributes: { path: string; secure?: boolean }): void;
}

/** Behind a TLS-terminating proxy the request itself is plain HTTP; PUBLIC_ORIGIN then says what the browser sees. */
export function servedOverHttps(requestUrl: URL): boolean {
  return requestUrl.protocol === 'https:' || (env().PUBLIC_ORIGIN?.startsWith('https:') ?? false);
}

const attributes = (requestUrl: URL) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: servedOverHttps(requestUrl) });

/** The session token a request carries (bearer, or the cookie its scheme allows), for the API and pages alike. */
export function requestSessionToken(headers: Headers, requestUrl: URL): string | null {
  return readSessionToken(headers.get('cookie'), headers.get('authorization'), servedOverHttps(requestUrl));
}

/** The session cookie: `__Host-ilt` over HTTPS (Secure, Path=/, no Domain), `ilt` over plain HTTP. */
export function writeSessionCookie(jar: CookieJar, token: string, requestUrl: URL): void {
  const https = servedOverHttps(requestUrl);
  jar.set(sessionCookieName(https), token, { ...attributes(requestUrl), maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
  // A plain one from before the site moved to HTTPS is no longer read there: it goes.
  if (https && jar.get(SESSION_COOKIE) !== undefined) jar.delete(SESSION_COOKIE, { path: '/' });
}

/** Drops the session cookie under the name this request's scheme uses, and a plain one the browser still sends. */
export function clearSessionCookie(jar: CookieJar, requestUrl: URL): void {
  if (servedOverHttps(requestUrl)) {
    // A browser honours a __Host- cookie, even an expired one, only with Secure.
    jar.delete(SECURE_SESSION_COOKIE, { path: '/', secure: true });
    if (jar.get(SESSION_COOKIE) === undefined) return;
  }
  jar.delete(SESSION_COOKIE, { path: '/' });
}

/** One cookie per share, so an accepted code opens that share and no other. */
export function readShareGrant(jar: CookieJar, shareId: string): string | undefined {
  return jar.get(grantCookieName(shareId));
}

export function writeShareGrant(jar: CookieJar, shareId: string, grant: { value: string; expires: Date }, requestUrl: URL): void {
  jar.set(grantCookieName(shareId), grant.value, { ...attributes(requestUrl), expires: grant.expires });
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The visitor's usage-data choice (docs/product/insights.md#opting-out): off is a cookie for a year, which the
 * page's script reads (so not HttpOnly) and every usage-data route honours; on is no cookie at all.
 */
export function writeUsageChoice(jar: CookieJar, on: boolean, requestUrl: URL): void {
  if (on) jar.delete(USAGE_OPT_OUT_COOKIE, { path: '/', secure: servedOverHttps(requestUrl) });
  else jar.set(USAGE_OPT_OUT_COOKIE, USAGE_OPT_OUT_VALUE, { ...attributes(requestUrl), httpOnly: false, maxAge: YEAR_S });
}
