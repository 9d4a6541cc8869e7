import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../env';
import { imageSources, signedImageUrl, signedUrlExpiry, verifyImageSignature } from './image-url';
import { urlSigningSecret } from './url-signing-secret';

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0); // on a 5-minute boundary
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  const [, , , id, file] = u.pathname.split('/');
  const [preset, format] = file!.split('.');
  return { id: Number(id), preset: preset!, format: format!, e: Number(u.searchParams.get('e')), s: u.searchParams.get('s')! };
};
const verify = (url: string, now: number) => {
  const p = parse(url);
  return verifyImageSignature(p.id, p.preset, p.format, p.e, p.s, now);
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'matlib-url-'));
  process.env.DATA_DIR = dir;
  delete process.env.URL_SIGNING_SECRET;
  resetEnvCache();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvCache();
});

describe('signed image URLs (docs/product/catalogue.md#calls: valid 900 s)', () => {
  it('have the documented shape', () => {
    expect(signedImageUrl(42, 'medium', 'webp', T0)).toMatch(/^\/api\/img\/42\/medium\.webp\?e=\d+&s=[A-Za-z0-9_-]{22}$/);
  });

  it('round the expiry to 5-minute windows and never live longer than 900 s', () => {
    for (let now = T0; now < T0 + 3_600_000; now += 7_919) {
      const e = signedUrlExpiry(now);
      expect(e % 300).toBe(0);
      expect(e - now / 1000).toBeLessThanOrEqual(900);
      expect(e - now / 1000).toBeGreaterThan(600);
    }
    // The same URL for a whole window, a new one in the next.
    expect(signedImageUrl(1, 'small', 'jpg', T0)).toBe(signedImageUrl(1, 'small', 'jpg', T0 + 299_999));
    expect(signedImageUrl(1, 'small', 'jpg', T0)).not.toBe(signedImageUrl(1, 'small', 'jpg', T0 + 300_000));
  });

  it('verify until they expire, then not', () => {
    const url = signedImageUrl(7, 'large', 'jpg', T0);
    expect(verify(url, T0)).toBe(true);
    expect(verify(url, T0 + 899_000)).toBe(true);
    expect(verify(url, T0 + 900_000)).toBe(false);
  });

  it('refuse a tampered id, preset, format, expiry or signature', () => {
    const p = parse(signedImageUrl(7, 'large', 'jpg', T0));
    expect(verifyImageSignature(8, p.preset, p.format, p.e, p.s, T0)).toBe(false);
    expect(verifyImageSignature(7, 'full', p.format, p.e, p.s, T0)).toBe(false);
    expect(verifyImageSignature(7, p.preset, 'webp', p.e, p.s, T0)).toBe(false);
    expect(verifyImageSignature(7, p.preset, p.format, p.e + 300, p.s, T0)).toBe(false);
    expect(verifyImageSignature(7, p.preset, p.format, p.e, `${p.s.slice(0, -1)}${p.s.endsWith('A') ? 'B' : 'A'}`, T0)).toBe(false);
    expect(verifyImageSignature(7, p.preset, p.format, p.e, '', T0)).toBe(false);
  });

  it('refuse an expiry further ahead than 900 s, even if signed', () => {
    const p = parse(signedImageUrl(7, 'large', 'jpg', T0 + 3_600_000));
    expect(verifyImageSignature(7, p.preset, p.format, p.e, p.s, T0)).toBe(false);
  });

  it('keep a random key in the data dir (0600) unless URL_SIGNING_SECRET is set', () => {
    const key = urlSigningSecret();
    expect(key.length).toBe(32);
    expect(statSync(path.join(dir, 'url-signing.key')).mode & 0o777).toBe(0o600);
    const before = signedImageUrl(3, 'tiny', 'webp', T0);
    process.env.URL_SIGNING_SECRET = 'x'.repeat(40);
    resetEnvCache();
    try {
      expect(signedImageUrl(3, 'tiny', 'webp', T0)).not.toBe(before);
    } finally {
      delete process.env.URL_SIGNING_SECRET;
      resetEnvCache();
    }
    expect(signedImageUrl(3, 'tiny', 'webp', T0)).toBe(before);
  });
});

describe('imageSources', () => {
  it('gives the displayed size and 1x/2x candidates with w descriptors, the 2x one the next larger preset', () => {
    const ref = imageSources({ id: 5, width: 2000, height: 1500 }, 'small', T0);
    expect(ref).toMatchObject({ width: 280, height: 210 });
    expect(ref.src).toBe(signedImageUrl(5, 'small', 'jpg', T0));
    expect(ref.srcset).toBe(`${signedImageUrl(5, 'small', 'jpg', T0)} 280w, ${signedImageUrl(5, 'medium', 'jpg', T0)} 480w`);
    expect(ref.webpSrcset).toBe(`${signedImageUrl(5, 'small', 'webp', T0)} 280w, ${signedImageUrl(5, 'medium', 'webp', T0)} 480w`);
  });

  it('never claims more pixels than the original has', () => {
    const ref = imageSources({ id: 5, width: 400, height: 300 }, 'medium', T0);
    expect(ref).toMatchObject({ width: 400, height: 300 });
    expect(ref.webpSrcset).toBe(`${signedImageUrl(5, 'medium', 'webp', T0)} 400w`);
    const between = imageSources({ id: 5, width: 400, height: 300 }, 'small', T0);
    expect(between.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['280w', '400w']);
  });

  it('uses the full preset for both candidates at the top', () => {
    const ref = imageSources({ id: 9, width: 4000, height: 1000 }, 'full', T0);
    expect(ref).toMatchObject({ width: 1600, height: 400 });
    expect(ref.srcset.split(', ')).toHaveLength(1);
  });
});
