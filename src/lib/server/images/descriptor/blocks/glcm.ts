import type { Plane } from './image';

export const GLCM_LEVELS = 8;

/** Grey levels by the image's own quantiles (histogram equalisation), so co-occurrence ignores exposure. */
export function quantiseByRank(img: Plane, levels: number): Uint8Array {
  const n = img.data.length;
  const sorted = Float32Array.from(img.data).sort();
  const edges = new Float32Array(levels - 1);
  for (let k = 1; k < levels; k++) edges[k - 1] = sorted[Math.min(n - 1, Math.floor((k * n) / levels))]!;
  const q = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = img.data[i]!;
    let l = 0;
    while (l < levels - 1 && v >= edges[l]!) l++;
    q[i] = l;
  }
  return q;
}

/**
 * Symmetric grey-level co-occurrence matrix at one distance, averaged over 4 directions (rotation tolerance),
 * returned as its upper triangle (levels*(levels+1)/2 values).
 */
export function glcm(q: Uint8Array, width: number, height: number, d: number, levels = GLCM_LEVELS): Float32Array {
  const m = new Float64Array(levels * levels);
  const offsets: Array<[number, number]> = [
    [d, 0],
    [0, d],
    [d, d],
    [d, -d],
  ];
  let total = 0;
  for (const [dx, dy] of offsets) {
    const y0 = Math.max(0, -dy);
    const y1 = Math.min(height, height - dy);
    const x1 = width - dx;
    for (let y = y0; y < y1; y++) {
      const row = y * width;
      const row2 = (y + dy) * width + dx;
      for (let x = 0; x < x1; x++) {
        const a = q[row + x]!;
        const b = q[row2 + x]!;
        m[a * levels + b]! += 1;
        m[b * levels + a]! += 1;
        total += 2;
      }
    }
  }
  const out = new Float32Array((levels * (levels + 1)) / 2);
  let k = 0;
  for (let i = 0; i < levels; i++) for (let j = i; j < levels; j++) out[k++] = (i === j ? m[i * levels + j]! : 2 * m[i * levels + j]!) / total;
  return out;
}
