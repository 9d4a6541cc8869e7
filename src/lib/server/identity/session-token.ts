import { createHash, randomBytes } from 'node:crypto';

/** The session cookie's name over plain HTTP (`http://localhost` in development). */
export const SESSION_COOKIE = 'ilt';
/** What a session or hand-off token looks like wherever one arrives (cookie, header, URL); anything else is none. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;
/**
 * Its name over HTTPS. A browser keeps a `__Host-` cookie only when it is Secure, for Path=/ and without Domain, so
 * neither a page on plain HTTP nor a sibling subdomain can plant or overwrite the session.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const sessionCookieName = (https: boolean) => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** Whether a Cookie header carries a session cookie under either name (what the CSRF check asks). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => {
    const name = part.trim().split('=')[0];
    return name === SESSION_COOKIE || name === SECURE_SESSION_COOKIE;
  });
}
/** A session ends after this long without a request (idle) or this long after login (absolute). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/** 256 random bits, base64url: what the client holds. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the server stores: the token's SHA-256, so a leaked table yields no usable tokens. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token in `Authorization: Bearer …` when it has a token's form (a session or an API token). Such a header, and
 * only such a one, authenticates the request in place of the cookie, which is then never read.
 */
export function bearerToken(authorization: string | null | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(authorization?.trim() ?? '');
  return m?.[1] ?? null;
}

/**
 * The token from `Authorization: Bearer …` (embedded hosts keep it in local storage, docs/product/identity.md#states), else from the
 * session cookie. Over HTTPS only the `__Host-` cookie counts: a plain one there may have been planted. Over plain
 * HTTP the plain name is read too, the `__Host-` one first.
 */
export function readSessionToken(cookieHeader: string | null, authorization: string | null, https = false): string | null {
  const bearer = bearerToken(authorization);
  if (bearer) return bearer;
  if (!cookieHeader) return null;
  const found = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const [name = '', ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (!found.has(name) && SESSION_TOKEN_PATTERN.test(value)) found.set(name, value);
  }
  return found.get(SECURE_SESSION_COOKIE) ?? (https ? null : (found.get(SESSION_COOKIE) ?? null));
}
