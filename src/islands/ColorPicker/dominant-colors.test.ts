import { describe, expect, it } from 'vitest';
import { averageAt, dominantColors, toHex, type Pixels } from './dominant-colors';

/** A width x height image whose pixel (x, y) is `at(x, y)` (RGBA). */
function image(width: number, height: number, at: (x: number, y: number) => number[]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4);
  return { data, width, height };
}

describe('dominant colors', () => {
  it('finds the one color of a flat photo', () => {
    expect(dominantColors(image(20, 20, () => [200, 16, 46, 255]))).toEqual([{ hex: 'c8102e', share: 1 }]);
  });

  it('orders colors by how much of the photo they cover', () => {
    // Three quarters navy, one quarter camel, with a little noise.
    const photo = image(40, 40, (x, y) => (x < 30 ? [31 + ((x + y) % 3), 42, 68, 255] : [193, 154 - (y % 2), 107, 255]));
    const found = dominantColors(photo, 5);
    expect(found).toHaveLength(2);
    expect(found[0]!.share).toBeCloseTo(0.75, 2);
    expect(found[0]!.hex).toMatch(/^(1f|20|21)2a44$/);
    expect(found[1]!.hex).toMatch(/^c1(99|9a)6b$/);
  });

  it('returns at most k colors and ignores transparent pixels', () => {
    const rainbow = image(60, 10, (x) => [x * 4, 255 - x * 4, (x * 37) % 256, 255]);
    expect(dominantColors(rainbow, 5).length).toBeLessThanOrEqual(5);
    expect(dominantColors(rainbow, 5).reduce((s, d) => s + d.share, 0)).toBeCloseTo(1, 6);
    expect(dominantColors(image(5, 5, () => [255, 0, 0, 0]))).toEqual([]);
    const halfClear = image(10, 10, (x) => (x < 5 ? [0, 0, 255, 255] : [255, 0, 0, 0]));
    expect(dominantColors(halfClear)).toEqual([{ hex: '0000ff', share: 1 }]);
  });
});

describe('the color at a point', () => {
  it('averages the 3x3 neighbourhood, clipped at the edges', () => {
    const photo = image(3, 3, (x, y) => (x === 1 && y === 1 ? [90, 90, 90, 255] : [0, 0, 0, 255]));
    expect(averageAt(photo, 1, 1)).toBe(toHex([10, 10, 10]));
    // The corner sees four pixels, one of them the grey centre.
    expect(averageAt(photo, 0, 0)).toBe(toHex([22.5, 22.5, 22.5]));
  });
});
