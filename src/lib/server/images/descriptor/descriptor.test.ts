import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeDescriptor, DESCRIPTOR_DIMENSIONS } from './index';

// A synthetic "material": colored stripes with per-pixel noise from a fixed-seed generator, so the texture
// blocks have structure to describe and the test needs no image files.
function texture(width: number, height: number, tint: [number, number, number], seed = 7): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stripe = Math.sin((x + 0.3 * y) / 3) * 40 + (rand() - 0.5) * 50;
      for (let c = 0; c < 3; c++) raw[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, tint[c]! + stripe));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

function distance(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

describe('computeDescriptor', () => {
  it('returns a unit vector of the advertised length, the same for the same bytes', async () => {
    const img = await texture(320, 240, [150, 110, 80]);
    const a = await computeDescriptor(img);
    const b = await computeDescriptor(img);
    expect(a).toBeInstanceOf(Float32Array);
    expect(a.length).toBe(DESCRIPTOR_DIMENSIONS);
    expect(DESCRIPTOR_DIMENSIONS).toBeLessThanOrEqual(1000);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('describes a region differently from the whole image', async () => {
    // Left half one material, right half another: the left-half crop must move away from the whole.
    const left = await sharp(await texture(200, 200, [200, 60, 50], 1)).raw().toBuffer();
    const right = await sharp(await texture(200, 200, [60, 80, 200], 2)).raw().toBuffer();
    const both = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000' } })
      .composite([
        { input: left, raw: { width: 200, height: 200, channels: 3 }, left: 0, top: 0 },
        { input: right, raw: { width: 200, height: 200, channels: 3 }, left: 200, top: 0 },
      ])
      .png()
      .toBuffer();
    const whole = await computeDescriptor(both);
    const crop = await computeDescriptor(both, { left: 0, top: 0, width: 0.5, height: 1 });
    const leftAlone = await computeDescriptor(await sharp(left, { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer());
    expect(crop.length).toBe(DESCRIPTOR_DIMENSIONS);
    expect(distance(whole, crop)).toBeGreaterThan(0.1);
    expect(distance(crop, leftAlone)).toBeLessThan(distance(whole, leftAlone));
  });

  it('survives degenerate regions and tiny images', async () => {
    const img = await texture(64, 48, [120, 120, 120]);
    const v = await computeDescriptor(img, { left: 0.99, top: 0.99, width: 0, height: 0 });
    expect(v.length).toBe(DESCRIPTOR_DIMENSIONS);
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    const blank = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    expect(Math.hypot(...(await computeDescriptor(blank)))).toBeCloseTo(1, 5);
  });

  it('puts a recolored copy farther away than a slightly resized copy', async () => {
    const img = await texture(400, 400, [170, 120, 70]);
    const base = await computeDescriptor(img);
    const resized = await computeDescriptor(await sharp(img).resize(360, 360).jpeg({ quality: 92 }).toBuffer());
    const recolored = await computeDescriptor(await sharp(img).modulate({ hue: 180 }).jpeg({ quality: 92 }).toBuffer());
    expect(distance(base, resized)).toBeLessThan(distance(base, recolored));
  });

  it('honours EXIF orientation for regions', async () => {
    // The same pixels stored rotated with an orientation tag must give the same descriptor for the same region.
    const img = await texture(300, 200, [90, 140, 90]);
    const upright = await sharp(img).png().toBuffer();
    const stored = await sharp(img).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 100 }).toBuffer();
    const region = { left: 0.1, top: 0.2, width: 0.5, height: 0.6 };
    const a = await computeDescriptor(upright, region);
    const b = await computeDescriptor(stored, region);
    expect(distance(a, b)).toBeLessThan(0.25);
  });
});
