import { describe, expect, it } from 'vitest';
import { drapeCloth, drapePoint } from './drape';

const SIZE = 6;
const SEGMENTS = 48;

/** The flat grid `PlaneGeometry(size, size, n, n)` lays out: rows from the top edge down, left to right. */
function grid(size = SIZE, n = SEGMENTS): Float32Array {
  const out = new Float32Array((n + 1) * (n + 1) * 3);
  let i = 0;
  for (let row = 0; row <= n; row += 1) {
    for (let col = 0; col <= n; col += 1) {
      out[i++] = -size / 2 + (col / n) * size;
      out[i++] = size / 2 - (row / n) * size;
      out[i++] = 0;
    }
  }
  return out;
}

const vertex = (p: ArrayLike<number>, row: number, col: number, n = SEGMENTS): [number, number, number] => {
  const i = (row * (n + 1) + col) * 3;
  return [p[i]!, p[i + 1]!, p[i + 2]!];
};
const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('draped cloth', () => {
  const flat = grid();
  const draped = drapeCloth(flat, { width: SIZE, height: SIZE });

  it('is the same cloth every time, and leaves the flat grid alone', () => {
    expect(drapeCloth(flat, { width: SIZE, height: SIZE })).toEqual(draped);
    expect(flat).toEqual(grid());
    expect(draped).toHaveLength(flat.length);
    expect(draped.every(Number.isFinite)).toBe(true);
  });

  it('hangs from a straight top edge: heights do not move', () => {
    for (let i = 1; i < flat.length; i += 3) expect(draped[i]).toBe(flat[i]);
  });

  it('folds: the cloth leaves its plane, more at the hem than at the top', () => {
    const depth = (row: number) => {
      const z = Array.from({ length: SEGMENTS + 1 }, (_, col) => vertex(draped, row, col)[2]);
      return Math.max(...z) - Math.min(...z);
    };
    expect(depth(0)).toBeGreaterThan(0);
    expect(depth(SEGMENTS / 2)).toBeGreaterThan(depth(0));
    expect(depth(SEGMENTS)).toBeGreaterThan(depth(SEGMENTS / 2));
    expect(depth(SEGMENTS)).toBeLessThan(SIZE / 8);
  });

  it('gathers rather than stretches: each row keeps its cut width along the folds', () => {
    for (const row of [0, SEGMENTS / 4, SEGMENTS / 2, SEGMENTS]) {
      let length = 0;
      for (let col = 1; col <= SEGMENTS; col += 1) length += distance(vertex(draped, row, col), vertex(draped, row, col - 1));
      // The grid's straight segments cut the fold's curves a little short.
      expect(length / SIZE).toBeGreaterThan(0.98);
      expect(length / SIZE).toBeLessThan(1.001);
      const span = vertex(draped, row, SEGMENTS)[0] - vertex(draped, row, 0)[0];
      expect(span).toBeLessThan(SIZE);
      expect(span).toBeGreaterThan(SIZE * 0.75);
    }
  });

  it('barely stretches down the cloth either, so a tile keeps its real size on the folds', () => {
    for (let row = 1; row <= SEGMENTS; row += 1) {
      for (let col = 0; col <= SEGMENTS; col += 4) {
        const ratio = distance(vertex(draped, row, col), vertex(draped, row - 1, col)) / (SIZE / SEGMENTS);
        expect(ratio).toBeGreaterThan(0.99);
        expect(ratio).toBeLessThan(1.03);
      }
    }
  });

  it('keeps its left-to-right order: no fold turns back over itself', () => {
    for (const row of [0, SEGMENTS / 2, SEGMENTS]) {
      for (let col = 1; col <= SEGMENTS; col += 1) expect(vertex(draped, row, col)[0]).toBeGreaterThan(vertex(draped, row, col - 1)[0]);
    }
  });

  it('places a single point as it places the grid', () => {
    const [x, y, z] = vertex(draped, SEGMENTS, 10);
    const point = drapePoint(vertex(flat, SEGMENTS, 10)[0], vertex(flat, SEGMENTS, 10)[1], { width: SIZE, height: SIZE });
    expect(point[0]).toBeCloseTo(x, 5);
    expect(point[1]).toBe(y);
    expect(point[2]).toBeCloseTo(z, 5);
  });

  it('scales with the cloth and keeps folds within what the cloth can make', () => {
    const small = drapePoint(0.5, -1, { width: 2, height: 2 });
    const large = drapePoint(1.5, -3, { width: 6, height: 6 });
    expect(large[0]).toBeCloseTo(small[0] * 3, 5);
    expect(large[2]).toBeCloseTo(small[2] * 3, 5);
    const deep = drapeCloth(flat, { width: SIZE, height: SIZE, depth: 100, folds: 3 });
    expect(deep.every(Number.isFinite)).toBe(true);
    expect(vertex(deep, SEGMENTS, SEGMENTS)[0] - vertex(deep, SEGMENTS, 0)[0]).toBeGreaterThan(SIZE * 0.5);
  });
});
