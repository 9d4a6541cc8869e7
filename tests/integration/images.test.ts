/**
 * Images (docs/product/catalogue.md#rules uploads, docs/product/catalogue.md#calls signed image URLs, docs/product/constants.md presets): originals stored once by content, derivatives made on
 * demand, cached and served by signed URLs only.
 */
import { existsSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { images } from '../../src/lib/server/db/schema';
import { signedImageUrl } from '../../src/lib/server/images/image-url';
import { derivativeFile } from '../../src/lib/server/images/render-preset';
import { storeImage } from '../../src/lib/server/images/store-image';
import { getStorage } from '../../src/lib/server/storage';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';

// Signed image links are whole paths from /api on.
const { call, send } = apiCaller('');
useTempDataDir('images');

/** A photo-like test image: a gradient with a pattern, distinct per `seed`. */
async function photo(width: number, height: number, seed: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x ^ y) + seed * 37) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}


describe('storeImage', () => {
  it('stores an image once: the same bytes, even at the same moment, are one row and one object', async () => {
    const bytes = await photo(640, 480, 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => storeImage(bytes, { companyId: null })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results[0]).toMatchObject({ width: 640, height: 480 });
    const rows = await getDb().select().from(images).where(eq(images.id, results[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mime: 'image/jpeg', bytes: bytes.length });
    expect(rows[0]!.storageKey).toBe(`img/${rows[0]!.sha256.slice(0, 2)}/${rows[0]!.sha256}.jpg`);
    expect(await getStorage().exists(rows[0]!.storageKey)).toBe(true);
    expect((await storeImage(bytes)).id).toBe(results[0]!.id);
  });

  it('accepts png and webp, keyed by their own extension', async () => {
    const png = await storeImage(await photo(50, 40, 2, 'png'));
    const webp = await storeImage(await photo(50, 40, 3, 'webp'));
    const rows = await getDb().select({ id: images.id, key: images.storageKey, mime: images.mime }).from(images);
    expect(rows.find((r) => r.id === png.id)).toMatchObject({ mime: 'image/png', key: expect.stringMatching(/\.png$/) });
    expect(rows.find((r) => r.id === webp.id)).toMatchObject({ mime: 'image/webp', key: expect.stringMatching(/\.webp$/) });
  });

  it('keeps the size after EXIF orientation', async () => {
    const rotated = await sharp(await photo(200, 100, 4)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await storeImage(rotated)).toMatchObject({ width: 100, height: 200 });
  });

  it('refuses what is not a jpg, png or webp, whatever its name', async () => {
    const count = async () => (await getDb().select({ id: images.id }).from(images)).length;
    const before = await count();
    await expect(storeImage(Buffer.from('just some text, named picture.png'))).rejects.toMatchObject({ code: 300068, fields: [{ field: 'file' }] });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer();
    await expect(storeImage(gif)).rejects.toMatchObject({ code: 300068, message: 'validation.imageFormat' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(storeImage(svg)).rejects.toMatchObject({ code: 300068 });
    const truncated = (await photo(300, 300, 5)).subarray(0, 2000);
    await expect(storeImage(truncated)).rejects.toMatchObject({ code: 300068 });
    expect(await count()).toBe(before);
  });

  it('refuses an image over 5 MB or over 40 megapixels', async () => {
    const noise = Buffer.alloc(1400 * 1400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    await expect(storeImage(big)).rejects.toMatchObject({ code: 300070, message: 'validation.imageTooLarge' });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } }).png().toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    await expect(storeImage(huge)).rejects.toMatchObject({ code: 300070, message: 'validation.imageTooManyPixels' });
  });
});

describe('GET /api/img/{id}/{preset}.{fmt} (signed, docs/product/catalogue.md#calls 900 s)', () => {
  let id: number;
  beforeAll(async () => {
    ({ id } = await storeImage(await photo(2000, 1500, 9)));
  });

  it('serves webp and jpg at the preset width with cache and safety headers', async () => {
    for (const [format, type] of [['webp', 'image/webp'], ['jpg', 'image/jpeg']] as const) {
      const now = Date.now();
      const res = await send(signedImageUrl(id, 'medium', format, now));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(/^inline/);
      expect(res.headers.get('etag')).toMatch(/^".+"$/);
      const maxAge = Number(/^public, max-age=(\d+), immutable$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(590);
      expect(maxAge).toBeLessThanOrEqual(900);
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: format === 'jpg' ? 'jpeg' : 'webp', width: 480, height: 360 });
    }
  });

  it('renders a derivative once and serves it from the cache afterwards', async () => {
    const url = signedImageUrl(id, 'small', 'webp');
    const [a, b] = await Promise.all([send(url), send(url)]);
    const first = Buffer.from(await a.arrayBuffer());
    expect(Buffer.from(await b.arrayBuffer()).equals(first)).toBe(true);
    const file = derivativeFile(id, 'small', 'webp');
    const made = statSync(file).mtimeMs;
    const again = await send(url);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(made);
    const notModified = await send(url, { headers: { 'if-none-match': a.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
  });

  it('never enlarges: a small original is served at its own size', async () => {
    const small = await storeImage(await photo(120, 90, 10, 'png'));
    const res = await send(signedImageUrl(small.id, 'large', 'jpg'));
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it('refuses an expired or tampered link with 403', async () => {
    const expired = await call(signedImageUrl(id, 'medium', 'webp', Date.now() - 901_000));
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ code: 100403, msg: expect.stringMatching(/expired/) });
    const url = new URL(signedImageUrl(id, 'medium', 'webp'), 'http://x');
    const s = url.searchParams.get('s')!;
    url.searchParams.set('s', `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    expect((await send(`${url.pathname}${url.search}`)).status).toBe(403);
    const otherPreset = signedImageUrl(id, 'medium', 'webp').replace('/medium.webp', '/full.webp');
    expect((await send(otherPreset)).status).toBe(403);
    expect((await send(`/api/img/${id}/medium.webp`)).status).toBe(403);
    expect(existsSync(derivativeFile(id, 'full', 'webp'))).toBe(false);
  });

  it('answers 404 for an unknown image and 422 for an unknown preset or format', async () => {
    const missing = await call(signedImageUrl(987_654_321, 'small', 'jpg'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 100404 });
    const url = signedImageUrl(id, 'small', 'jpg');
    expect((await send(url.replace('/small.jpg', '/huge.jpg'))).status).toBe(422);
    expect((await send(url.replace('/small.jpg', '/small.gif'))).status).toBe(422);
  });
});
