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

/** Bilinear resample by an arbitrary factor (< 1 shrinks); used for half-octave pyramid levels. */
export function rescale(p: Plane, factor: number): Plane {
  const width = Math.max(8, Math.round(p.width * factor));
  const height = Math.max(8, Math.round(p.height * factor));
  const data = new Float32Array(width * height);
  const sx = p.width / width;
  const sy = p.height / height;
  const src = p.data;
  const sw = p.width;
  // Average a small box before sampling so shrinking does not alias fine texture.
  const blur = boxBlur(p, Math.max(0, Math.round(1 / factor / 2 - 0.25)));
  const b = blur.data;
  void src;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(p.height - 1.001, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = fy | 0;
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(p.width - 1.001, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = fx | 0;
      const wx = fx - x0;
      const i = y0 * sw + x0;
      data[y * width + x] = (1 - wy) * ((1 - wx) * b[i]! + wx * b[i + 1]!) + wy * ((1 - wx) * b[i + sw]! + wx * b[i + sw + 1]!);
    }
  }
  return { data, width, height };
}

export function boxBlur(p: Plane, r: number): Plane {
  if (r <= 0) return p;
  const { width, height } = p;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      let c = 0;
      for (let k = -r; k <= r; k++) {
        const xx = x + k;
        if (xx >= 0 && xx < width) {
          s += p.data[row + xx]!;
          c++;
        }
      }
      tmp[row + x] = s / c;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      let c = 0;
      for (let k = -r; k <= r; k++) {
        const yy = y + k;
        if (yy >= 0 && yy < height) {
          s += tmp[yy * width + x]!;
          c++;
        }
      }
      out[y * width + x] = s / c;
    }
  }
  return { data: out, width, height };
}
