/**
 * Colors of a photo, computed in the browser from a canvas's RGBA pixels (no upload: the photo never leaves the
 * device). Pure functions over `ImageData`-shaped input, so they are unit-tested in Node.
 */

export type Pixels = { data: ArrayLike<number>; width: number; height: number };
export type Dominant = { hex: string; share: number };

/** Centers closer than this (RGB distance) are one color: a flat photo gives one swatch, not five near-copies. */
const DISTINCT = 24;
const ITERATIONS = 12;

/**
 * Up to `k` dominant colors by k-means in RGB over the opaque pixels, most common first, with their share of the
 * pixels. Seeding is deterministic (the mean, then repeatedly the pixel farthest from every center), so the same
 * photo always offers the same colors, and a farthest pixel within `DISTINCT` of a center stops the seeding.
 * Callers downsample first (the island uses at most 96x96): cost is pixels x k x iterations.
 */
export function dominantColors(pixels: Pixels, k = 5): Dominant[] {
  const points: [number, number, number][] = [];
  const { data } = pixels;
  for (let i = 0; i + 3 < data.length; i += 4) if (data[i + 3]! >= 128) points.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  if (points.length === 0) return [];

  const centers: [number, number, number][] = [mean(points)];
  while (centers.length < k) {
    let far = points[0]!;
    let farDistance = -1;
    for (const p of points) {
      const d = nearest(p, centers).distance;
      if (d > farDistance) [far, farDistance] = [p, d];
    }
    if (Math.sqrt(farDistance) < DISTINCT) break;
    centers.push([...far]);
  }

  let counts: number[] = [];
  for (let round = 0; round < ITERATIONS; round++) {
    const sums = centers.map(() => [0, 0, 0]);
    counts = centers.map(() => 0);
    for (const p of points) {
      const { index } = nearest(p, centers);
      const s = sums[index]!;
      s[0]! += p[0];
      s[1]! += p[1];
      s[2]! += p[2];
      counts[index]! += 1;
    }
    let moved = false;
    centers.forEach((c, i) => {
      if (counts[i] === 0) return;
      const next: [number, number, number] = [sums[i]![0]! / counts[i]!, sums[i]![1]! / counts[i]!, sums[i]![2]! / counts[i]!];
      if (next.some((v, j) => Math.abs(v - c[j]!) > 0.5)) moved = true;
      centers[i] = next;
    });
    if (!moved) break;
  }

  // Clusters that converged onto the same color are merged; empty ones are dropped.
  const merged: { rgb: [number, number, number]; count: number }[] = [];
  centers.forEach((c, i) => {
    const count = counts[i] ?? 0;
    if (count === 0) return;
    const same = merged.find((m) => Math.hypot(m.rgb[0] - c[0], m.rgb[1] - c[1], m.rgb[2] - c[2]) < DISTINCT / 2);
    if (same) same.count += count;
    else merged.push({ rgb: c, count });
  });
  return merged.sort((a, b) => b.count - a.count).map((m) => ({ hex: toHex(m.rgb), share: m.count / points.length }));
}

/** The average color of the 3x3 pixels around (x, y), clipped at the edges (one pixel is noisy on a photo). */
export function averageAt(pixels: Pixels, x: number, y: number): string {
  const sum = [0, 0, 0];
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const px = Math.round(x) + dx;
      const py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) continue;
      const i = (py * pixels.width + px) * 4;
      sum[0]! += pixels.data[i]!;
      sum[1]! += pixels.data[i + 1]!;
      sum[2]! += pixels.data[i + 2]!;
      n++;
    }
  }
  return n === 0 ? '000000' : toHex([sum[0]! / n, sum[1]! / n, sum[2]! / n]);
}

/** `rrggbb` without #, the page's URL form. */
export function toHex(rgb: readonly number[]): string {
  return rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
}

function mean(points: [number, number, number][]): [number, number, number] {
  const s = [0, 0, 0];
  for (const p of points) for (let j = 0; j < 3; j++) s[j]! += p[j]!;
  return [s[0]! / points.length, s[1]! / points.length, s[2]! / points.length];
}

function nearest(p: readonly number[], centers: readonly (readonly number[])[]): { index: number; distance: number } {
  let index = 0;
  let distance = Infinity;
  centers.forEach((c, i) => {
    const d = (p[0]! - c[0]!) ** 2 + (p[1]! - c[1]!) ** 2 + (p[2]! - c[2]!) ** 2;
    if (d < distance) [index, distance] = [i, d];
  });
  return { index, distance };
}
