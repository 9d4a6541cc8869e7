import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from './qr';

const URL_ = 'https://matlib.example.com/mobile/share?shareId=Ab3dE9xQ&code=7KQ2';

async function decode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('qrSvg', () => {
  it('is a scalable SVG that decodes back to the text', async () => {
    const svg = qrSvg(URL_);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<svg [^>]*width=/);
    const png = await sharp(Buffer.from(svg), { density: 300 }).png().toBuffer();
    expect(await decode(png)).toBe(URL_);
  });

  it('encodes non-ASCII text as UTF-8', async () => {
    const text = 'https://matlib.example.com/s/分享?名=经典棕';
    expect(await decode(await sharp(Buffer.from(qrSvg(text)), { density: 300 }).png().toBuffer())).toBe(text);
  });
});

describe('qrPng', () => {
  it.each([256, 200, 97])('is exactly %i px square and decodes', async (size) => {
    const png = await qrPng(URL_, size);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([size, size, 'png']);
    expect(await decode(png)).toBe(URL_);
  });

  it('draws modules on whole pixels (only black and white)', async () => {
    const { data, info } = await sharp(await qrPng(URL_, 222)).removeAlpha().toColorspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(1);
    expect(data.every((v) => v === 0 || v === 255)).toBe(true);
  });

  it('rejects a size that is not a positive integer', async () => {
    await expect(qrPng(URL_, 0)).rejects.toThrow(RangeError);
    await expect(qrPng(URL_, 10.5)).rejects.toThrow(RangeError);
  });
});
