/** Single-channel float image. */
export type Plane = { data: Float32Array; width: number; height: number };

/** Luma standardised to zero mean / unit variance, so texture blocks ignore global exposure and contrast. */
export function standardisedLuma(rgb: Uint8Array, width: number, height: number): Plane {
  const n = width * height;
  const data = new Float32Array(n);
  let sum = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const v = 0.299 * rgb[j]! + 0.587 * rgb[j + 1]! + 0.114 * rgb[j + 2]!;
    data[i] = v;
    sum += v;
  }
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = data[i]! - mean;
    ss += d * d;
  }
  const inv = 1 / Math.max(Math.sqrt(ss / n), 1e-3);
  for (let i = 0; i < n; i++) data[i] = (data[i]! - mean) * inv;
  return { data, width, height };
}

/** 2x2 box downsample: the next octave of the pyramid. */
export function halve(p: Plane): Plane {
  const width = p.width >> 1;
  const height = p.height >> 1;
  const data = new Float32Array(width * height);
  const src = p.data;
  const sw = p.width;
  for (let y = 0; y < height; y++) {
    const r0 = 2 * y * sw;
    const r1 = r0 + sw;
    for (let x = 0; x < width; x++) {
      const x2 = 2 * x;
      data[y * width + x] = 0.25 * (src[r0 + x2]! + src[r0 + x2 + 1]! + src[r1 + x2]! + src[r1 + x2 + 1]!);
    }
  }
  return { data, width, height };
}

/** Separable Gaussian blur, edges clamped. */
export function gaussianBlur(p: Plane, sigma: number): Plane {
  const r = Math.ceil(2.5 * sigma);
  const kernel = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let x = -r; x <= r; x++) sum += kernel[x + r] = Math.exp(-(x * x) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const { width, height, data } = p;
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let d = -r; d <= r; d++) {
        const xx = x + d < 0 ? 0 : x + d >= width ? width - 1 : x + d;
        v += kernel[d + r]! * data[row + xx]!;
      }
      across[row + x] = v;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let d = -r; d <= r; d++) {
      const yy = y + d < 0 ? 0 : y + d >= height ? height - 1 : y + d;
      const k = kernel[d + r]!;
      const src = yy * width;
      const dst = y * width;
      for (let x = 0; x < width; x++) out[dst + x]! += k * across[src + x]!;
    }
  }
  return { data: out, width, height };
}

/**
 * Resampled to another size by averaging the source area each target pixel covers (partial pixels weighted), so
 * a fine, periodic texture shrinks to its mean instead of aliasing into a pattern that depends on where it was cut.
 */
export function areaResize(p: Plane, width: number, height: number): Plane {
  const across = new Float32Array(width * p.height);
  const columns = areaWeights(p.width, width);
  for (let y = 0; y < p.height; y++) {
    const row = y * p.width;
    for (let x = 0; x < width; x++) {
      const { start, weights } = columns[x]!;
      let v = 0;
      for (let k = 0; k < weights.length; k++) v += weights[k]! * p.data[row + start + k]!;
      across[y * width + x] = v;
    }
  }
  const data = new Float32Array(width * height);
  const rows = areaWeights(p.height, height);
  for (let y = 0; y < height; y++) {
    const { start, weights } = rows[y]!;
    for (let k = 0; k < weights.length; k++) {
      const w = weights[k]!;
      const src = (start + k) * width;
      for (let x = 0; x < width; x++) data[y * width + x]! += w * across[src + x]!;
    }
  }
  return { data, width, height };
}

/** For each target index, the first source index it covers and the share of each covered source pixel (summing to 1). */
function areaWeights(from: number, to: number): { start: number; weights: Float32Array }[] {
  const step = from / to;
  return Array.from({ length: to }, (_, i) => {
    const lo = i * step;
    const hi = Math.min(from, (i + 1) * step);
    const start = Math.floor(lo);
    const end = Math.ceil(hi);
    const weights = new Float32Array(end - start);
    for (let s = start; s < end; s++) weights[s - start] = (Math.min(hi, s + 1) - Math.max(lo, s)) / step;
    return { start, weights };
  });
}
