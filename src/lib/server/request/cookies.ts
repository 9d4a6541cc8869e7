/**
 * The cookies the server sets, written the same way by the API and by pages: the session (`ilt`) and the grant a
 * password share's right code earns. Both are HttpOnly, SameSite=Lax, and Secure when the site is served over
 * HTTPS. Each side passes its own cookie access as a `CookieJar`.
 */
import { env } from '../env';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../identity/session-token';
import { grantCookieName } from '../sharing/share-grant';

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
  delete(name: string, attributes: { path: string }): void;
}

/** Behind a TLS-terminating proxy the request itself is plain HTTP; PUBLIC_ORIGIN then says what the browser sees. */
export function servedOverHttps(requestUrl: URL): boolean {
  return requestUrl.protocol === 'https:' || (env().PUBLIC_ORIGIN?.startsWith('https:') ?? false);
}

const attributes = (requestUrl: URL) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: servedOverHttps(requestUrl) });

export function writeSessionCookie(jar: CookieJar, token: string, requestUrl: URL): void {
  jar.set(SESSION_COOKIE, token, { ...attributes(requestUrl), maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
}

export function clearSessionCookie(jar: CookieJar): void {
  jar.delete(SESSION_COOKIE, { path: '/' });
}

/** One cookie per share, so an accepted code opens that share and no other. */
export function readShareGrant(jar: CookieJar, shareId: string): string | undefined {
  return jar.get(grantCookieName(shareId));
}

export function writeShareGrant(jar: CookieJar, shareId: string, grant: { value: string; expires: Date }, requestUrl: URL): void {
  jar.set(grantCookieName(shareId), grant.value, { ...attributes(requestUrl), expires: grant.expires });
}
