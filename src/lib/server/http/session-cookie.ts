import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../identity/session-token';
import { publicOrigin } from './public-origin';

/** The ilt cookie (§4): HttpOnly, SameSite=Lax, Secure when the site is served over HTTPS. */
export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: publicOrigin(c).startsWith('https:') || new URL(c.req.url).protocol === 'https:',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}
