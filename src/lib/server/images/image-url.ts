import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { nextLargerPreset, presetSize, SIGNED_URL_TTL_S, type ImageFormat, type ImagePreset, type ImageRef } from '../../contracts/images';
import { urlSigningSecret } from './url-signing-secret';

/**
 * Signed image URLs (docs/product/catalogue.md#calls: valid 900 seconds). The expiry is rounded to 5-minute steps, so a page rendered twice in
 * the same window links the same URL (the browser's cache hits), and a URL is valid for 600 to 900 seconds,
 * never longer.
 */
export const SIGNED_URL_STEP_S = 300;
const SIGNATURE_LENGTH = 22; // base64url characters: 132 bits of HMAC-SHA256

export function signedUrlExpiry(now = Date.now()): number {
  return Math.floor(now / 1000 / SIGNED_URL_STEP_S) * SIGNED_URL_STEP_S + SIGNED_URL_TTL_S;
}

// A page signs hundreds of URLs, mostly the same ones as the page before within the 5-minute window: remembered.
let memo: { secret: Buffer; signatures: LRUCache<string, string> } | undefined;

function sign(imageId: number, preset: string, format: string, expiry: number): string {
  const secret = urlSigningSecret();
  if (memo?.secret !== secret) memo = { secret, signatures: new LRUCache({ max: 50_000 }) };
  const message = `${imageId}/${preset}/${format}/${expiry}`;
  let signature = memo.signatures.get(message);
  if (signature === undefined) {
    signature = createHmac('sha256', secret).update(message).digest('base64url').slice(0, SIGNATURE_LENGTH);
    memo.signatures.set(message, signature);
  }
  return signature;
}

/** `/api/img/<id>/<preset>.<fmt>?e=<expiry, unix s>&s=<signature>` */
export function signedImageUrl(imageId: number, preset: ImagePreset, format: ImageFormat, now = Date.now()): string {
  const e = signedUrlExpiry(now);
  return `/api/img/${imageId}/${preset}.${format}?e=${e}&s=${sign(imageId, preset, format, e)}`;
}

/** Whether a signature is ours and its expiry has neither passed nor lies further ahead than a URL may live. */
export function verifyImageSignature(imageId: number, preset: string, format: string, expiry: number, signature: string, now = Date.now()): boolean {
  const nowS = now / 1000;
  if (!Number.isSafeInteger(expiry) || expiry <= nowS || expiry - nowS > SIGNED_URL_TTL_S) return false;
  const want = Buffer.from(sign(imageId, preset, format, expiry));
  const got = Buffer.from(signature);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * What a page needs to show an image at a preset (`<Picture image=...>`): the displayed size (aspect kept, never
 * larger than the original) and 1x/2x candidates in jpg and webp with `w` descriptors, the 2x one the next larger
 * preset (docs/product/constants.md "thumbnails scaled by device pixel ratio"). A candidate no larger than the 1x one is left out.
 */
export function imageSources(img: { id: number; width: number; height: number }, preset: ImagePreset, now = Date.now()): ImageRef {
  const size = presetSize(img.width, img.height, preset);
  const larger = nextLargerPreset(preset);
  const largerWidth = presetSize(img.width, img.height, larger).width;
  const candidates: [ImagePreset, number][] = [[preset, size.width]];
  if (largerWidth > size.width) candidates.push([larger, largerWidth]);
  const srcset = (format: ImageFormat) => candidates.map(([p, w]) => `${signedImageUrl(img.id, p, format, now)} ${w}w`).join(', ');
  return { width: size.width, height: size.height, src: signedImageUrl(img.id, preset, 'jpg', now), srcset: srcset('jpg'), webpSrcset: srcset('webp') };
}
