import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeDescriptor, computeQueryDescriptors, DESCRIPTOR_DIMENSIONS, loadPixels, QUERY_SCALES, queryDescriptorsOf } from './index';
import { WORKING_SHORT_SIDE } from './pixels';
import { computeDescriptorV2, DESCRIPTOR_V2_DIMENSIONS } from './v2';

/** The query scale a catalogue picture is described at. */
const AT_WORKING_SIZE = QUERY_SCALES.findIndex((s) => s.shortSide === WORKING_SHORT_SIDE);

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

  it('ignores exposure and white balance, but not another color', async () => {
    const img = await texture(400, 400, [150, 110, 80]);
    const base = await computeDescriptor(img);
    const darker = await computeDescriptor(await sharp(img).linear(0.6, 0).png().toBuffer());
    const warmer = await computeDescriptor(await sharp(img).recomb([[1.1, 0, 0], [0, 1, 0], [0, 0, 0.9]]).png().toBuffer());
    const recolored = await computeDescriptor(await sharp(img).modulate({ hue: 120 }).png().toBuffer());
    expect(distance(base, darker)).toBeLessThan(0.1);
    expect(distance(base, warmer)).toBeLessThan(distance(base, recolored));
    // Version 2 kept lightness: the same darker photo moved it several times as far.
    const v2 = await computeDescriptorV2(img);
    expect(distance(v2, await computeDescriptorV2(await sharp(img).linear(0.6, 0).png().toBuffer()))).toBeGreaterThan(3 * distance(base, darker));
    expect(v2.length).toBe(DESCRIPTOR_V2_DIMENSIONS);
  });

  it('describes a photo at every query scale, the working size as a catalogue picture', async () => {
    const img = await texture(480, 360, [90, 140, 90]);
    const photo = await computeQueryDescriptors(img);
    expect(photo).toHaveLength(QUERY_SCALES.length);
    for (const { vector } of photo) {
      expect(vector.length).toBe(DESCRIPTOR_DIMENSIONS);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
    expect(Array.from(photo[AT_WORKING_SIZE]!.vector)).toEqual(Array.from(await computeDescriptor(img)));
  });

  it('settles each query scale on its own, smallest first, so a search can start before the larger ones are described', async () => {
    const described = queryDescriptorsOf(await loadPixels(await texture(480, 360, [40, 60, 150])));
    const settled = described.map(() => false);
    described.forEach((p, i) => void p.then(() => (settled[i] = true)));
    await described[0];
    expect(settled).toEqual([true, false, false]);
    await described[1];
    expect(settled).toEqual([true, true, false]);
    await Promise.all(described);
    expect(QUERY_SCALES.map((s) => s.shortSide)).toEqual([...QUERY_SCALES.map((s) => s.shortSide)].sort((a, b) => a - b));
  });

  it('meets a half-size crop of a picture at the scale the picture was described at', async () => {
    const img = await texture(512, 512, [170, 120, 70], 3);
    const stored = await computeDescriptor(img);
    const crop = await sharp(img).extract({ left: 128, top: 128, width: 256, height: 256 }).png().toBuffer();
    const photo = await computeQueryDescriptors(crop);
    const atScale = photo.map(({ vector, penalty }) => distance(vector, stored) ** 2 + penalty);
    // The 128 px description (the crop's texture at the original's scale) is the closest, and closer than at 256.
    expect(QUERY_SCALES[atScale.indexOf(Math.min(...atScale))]!.shortSide).toBe(128);
    expect(Math.min(...atScale)).toBeLessThan(atScale[AT_WORKING_SIZE]! * 0.8);
  });
});
