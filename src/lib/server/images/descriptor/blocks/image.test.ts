import { describe, expect, it } from 'vitest';
import { areaResize } from './image';

const plane = (width: number, height: number, at: (x: number, y: number) => number) => ({
  width,
  height,
  data: Float32Array.from({ length: width * height }, (_, i) => at(i % width, Math.floor(i / width))),
});

describe('area resizing', () => {
  it('averages whole blocks when the sizes divide', () => {
    const out = areaResize(plane(4, 2, (x, y) => x + 10 * y), 2, 1);
    expect(Array.from(out.data)).toEqual([(0 + 1 + 10 + 11) / 4, (2 + 3 + 12 + 13) / 4]);
  });

  it('weighs partly covered pixels by their share, so an even field stays even and the mean is kept', () => {
    const flat = areaResize(plane(7, 5, () => 3), 3, 2);
    for (const v of flat.data) expect(v).toBeCloseTo(3, 5);
    const ramp = areaResize(plane(3, 1, (x) => x), 2, 1);
    // Each target covers 1.5 source pixels: [0, 1.5) and [1.5, 3).
    expect(ramp.data[0]).toBeCloseTo((0 * 1 + 1 * 0.5) / 1.5, 5);
    expect(ramp.data[1]).toBeCloseTo((1 * 0.5 + 2 * 1) / 1.5, 5);
  });

  it('turns a stripe pattern finer than the target into its mean rather than a false pattern', () => {
    const stripes = areaResize(plane(96, 8, (x) => (x % 2) * 255), 10, 1);
    for (const v of stripes.data) expect(Math.abs(v - 127.5)).toBeLessThan(13);
  });
});
