import { createHmac, timingSafeEqual } from 'node:crypto';
import { urlSigningSecret } from '../images/url-signing-secret';

/** No signed storage link lives longer than S3 allows a presigned URL to: 7 days. */
export const MAX_SIGNED_TTL_S = 7 * 24 * 3600;
const SIGNATURE_LENGTH = 32; // base64url characters: 192 bits of HMAC-SHA256

/**
 * Signatures for the local store's own links (a part's upload endpoint, an object's download) and the
 * object-storage token, made with the key image URLs are signed with. Each message starts with its purpose, so a
 * signature made for one purpose never passes for another.
 */
export function signStorageMessage(purpose: 'part' | 'get' | 'token', fields: ReadonlyArray<string | number>, expiry: number): string {
  const message = [purpose, ...fields, expiry].join('\n');
  return createHmac('sha256', urlSigningSecret()).update(message).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/** Whether `signature` is ours for the message and its expiry has neither passed nor lies further ahead than allowed. */
export function verifyStorageSignature(
  purpose: 'part' | 'get' | 'token',
  fields: ReadonlyArray<string | number>,
  expiry: number,
  signature: string,
  now = Date.now(),
): boolean {
  const nowS = now / 1000;
  if (!Number.isSafeInteger(expiry) || expiry <= nowS || expiry - nowS > MAX_SIGNED_TTL_S) return false;
  const want = Buffer.from(signStorageMessage(purpose, fields, expiry));
  const got = Buffer.from(signature);
  return got.length === want.length && timingSafeEqual(got, want);
}

export const expiryIn = (ttlSeconds: number, now = Date.now()) => Math.floor(now / 1000) + Math.min(ttlSeconds, MAX_SIGNED_TTL_S);
