/**
 * The proof that a browser entered a password share's code (docs/product/sharing.md): an HMAC over the share id and an expiry, kept
 * in a cookie of its own per share, so an accepted code opens that share and no other. Not a domain function.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { urlSigningSecret } from '../images/url-signing-secret';

/** How long an accepted code is remembered (never past the share's own expiry). */
const GRANT_MS = 7 * 24 * 60 * 60 * 1000;

export const grantCookieName = (shareId: string) => `sg_${shareId}`;

const mac = (shareId: string, exp: number) => createHmac('sha256', urlSigningSecret()).update(`share-grant:${shareId}:${exp}`).digest('base64url');

export function issueGrant(shareId: string, shareExpiresAt: Date | null, now: Date): { value: string; expires: Date } {
  const exp = Math.min(now.getTime() + GRANT_MS, shareExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return { value: `${exp}.${mac(shareId, exp)}`, expires: new Date(exp) };
}

export function hasGrant(shareId: string, cookieValue: string | undefined, now: Date): boolean {
  if (!cookieValue) return false;
  const [expText, sig] = cookieValue.split('.');
  const exp = Number(expText);
  if (!sig || !Number.isSafeInteger(exp) || exp <= now.getTime()) return false;
  const expected = Buffer.from(mac(shareId, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
