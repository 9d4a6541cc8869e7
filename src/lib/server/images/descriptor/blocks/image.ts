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
