import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'ilt';
/** What a session or hand-off token looks like wherever one arrives (cookie, header, URL); anything else is none. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;
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

/** The token from the `ilt` cookie, or `Authorization: Bearer …` (embedded hosts keep it in local storage, docs/product/identity.md#states). */
export function readSessionToken(cookieHeader: string | null, authorization: string | null): string | null {
  if (authorization) {
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(authorization.trim());
    if (m?.[1]) return m[1];
  }
  if (cookieHeader) {
    for (const part of cookieHeader.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === SESSION_COOKIE) {
        const value = rest.join('=');
        if (SESSION_TOKEN_PATTERN.test(value)) return value;
      }
    }
  }
  return null;
}

