import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { writeSessionCookie, type CookieJar } from '../request/cookies';

/** The API's cookies as the jar request/cookies.ts writes to, so the API and pages set them alike. */
export function honoCookies(c: Context): CookieJar {
  return {
    get: (name) => getCookie(c, name),
    set: (name, value, attributes) => setCookie(c, name, value, attributes),
    delete: (name, attributes) => void deleteCookie(c, name, attributes),
  };
}

/** The ilt cookie after a login. */
export function setSessionCookie(c: Context, token: string): void {
  writeSessionCookie(honoCookies(c), token, new URL(c.req.url));
}
