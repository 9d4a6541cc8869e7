import { describe, expect, it } from 'vitest';
import { formatCm, shapeRepeat, textureRepeat, uvSpanCm } from './scale';

describe('texture repeat', () => {
  it('tiles a map at its real size across a surface', () => {
    expect(textureRepeat({ width: 10, height: 10 }, { width: 30, height: 30 })).toEqual({ u: 3, v: 3 });
    expect(textureRepeat({ width: 20, height: 5 }, { width: 30, height: 30 })).toEqual({ u: 1.5, v: 6 });
    // A tile larger than the surface shows only part of it.
    expect(textureRepeat({ width: 60, height: 120 }, { width: 30, height: 30 })).toEqual({ u: 0.5, v: 0.25 });
  });

  it('shows one tile per surface for a tile size that is missing or nonsense', () => {
    for (const bad of [0, -4, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(textureRepeat({ width: bad, height: bad }, { width: 30, height: 30 })).toEqual({ u: 1, v: 1 });
    }
    expect(textureRepeat({ width: 10, height: 0 }, { width: 30, height: 30 })).toEqual({ u: 3, v: 1 });
  });

  it('closes the wrap around a surface with whole tiles, never fewer than one', () => {
    expect(textureRepeat({ width: 10, height: 10 }, { width: 62.8, height: 31.4 }, { wrapsU: true }).u).toBe(6);
    expect(textureRepeat({ width: 100, height: 10 }, { width: 62.8, height: 31.4 }, { wrapsU: true }).u).toBe(1);
    expect(textureRepeat({ width: 10, height: 10 }, { width: 62.8, height: 31.4 }, { wrapsU: true }).v).toBeCloseTo(3.14);
  });

  it('measures each shape at its real size: a 20 cm sphere, a 30 cm swatch, a 60 cm cloth', () => {
    expect(uvSpanCm('sphere').width).toBeCloseTo(Math.PI * 20);
    expect(uvSpanCm('sphere').height).toBeCloseTo(Math.PI * 10);
    expect(shapeRepeat('swatch', { width: 10, height: 15 })).toEqual({ u: 3, v: 2 });
    expect(shapeRepeat('cloth', { width: 10, height: 15 })).toEqual({ u: 6, v: 4 });
    const sphere = shapeRepeat('sphere', { width: 10, height: 10 });
    expect(sphere.u).toBe(6);
    expect(sphere.v).toBeCloseTo(Math.PI);
  });

  it('keeps the same tile the same size on every shape', () => {
    const tile = { width: 7.5, height: 7.5 };
    const perCm = (['swatch', 'cloth'] as const).map((shape) => shapeRepeat(shape, tile).u / uvSpanCm(shape).width);
    expect(perCm[0]).toBeCloseTo(perCm[1]!);
    expect(shapeRepeat('sphere', tile).v / uvSpanCm('sphere').height).toBeCloseTo(perCm[0]!);
  });
});

describe('scale note', () => {
  it('writes lengths with at most one decimal', () => {
    expect(formatCm(30)).toBe('30');
    expect(formatCm(12.5)).toBe('12.5');
    expect(formatCm(12.54)).toBe('12.5');
    expect(formatCm(0.04)).toBe('0');
    expect(formatCm(Number.NaN)).toBe('–');
  });
});
