/**
 * Scalar fields for procedural textures: deterministic noise (value noise, fBm, cellular), blurs and small
 * helpers over `Float32Array`s of width x height. Everything is seeded; nothing reads Math.random.
 */

export type Field = Float32Array;

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, for seeding by name. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** An integer hash of a lattice point, in [0, 1). */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);

/** Smooth value noise in [-1, 1] at any real point; lattice spacing 1. */
export function noise2(x: number, y: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const tx = fade(x - ix);
  const ty = fade(y - iy);
  const a = hash2(ix, iy, seed);
  const b = hash2(ix + 1, iy, seed);
  const c = hash2(ix, iy + 1, seed);
  const d = hash2(ix + 1, iy + 1, seed);
  const top = a + (b - a) * tx;
  const bottom = c + (d - c) * tx;
  return (top + (bottom - top) * ty) * 2 - 1;
}

export function field(w: number, h: number, fn: (x: number, y: number, i: number) => number): Field {
  const out = new Float32Array(w * h);
  for (let y = 0, i = 0; y < h; y++) for (let x = 0; x < w; x++, i++) out[i] = fn(x, y, i);
  return out;
}

/**
 * Value-noise lattice values for the integer points covering [u0, u1] x [v0, v1], so a field samples them by
 * index instead of hashing each corner of each pixel (the same values `noise2` hashes).
 */
function lattice(u0: number, u1: number, v0: number, v1: number, seed: number) {
  const x0 = Math.floor(u0) - 1;
  const y0 = Math.floor(v0) - 1;
  const nx = Math.floor(u1) - x0 + 3;
  const ny = Math.floor(v1) - y0 + 3;
  const values = new Float32Array(nx * ny);
  for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) values[y * nx + x] = hash2(x + x0, y + y0, seed) * 2 - 1;
  return { values, x0, y0, nx };
}

/**
 * Fractal value noise (about [-1, 1]), features `scale` pixels wide; `stretch` > 1 elongates them along `angle`
 * (radians) for fibres and brushed looks.
 */
export function fbm(w: number, h: number, scale: number, seed: number, opts: { octaves?: number; gain?: number; lacunarity?: number; stretch?: number; angle?: number } = {}): Field {
  const { octaves = 4, gain = 0.5, lacunarity = 2, stretch = 1, angle = 0 } = opts;
  // Smooth noise is computed at a lower resolution and interpolated up: the same field, a fraction of the work.
  const finest = scale / Math.pow(lacunarity, octaves - 1) / Math.max(1, stretch);
  const factor = Math.min(8, Math.floor(finest / 5));
  if (factor >= 2) {
    const sw = Math.ceil(w / factor) + 2;
    const sh = Math.ceil(h / factor) + 2;
    // Blurred after the bilinear step so slopes (lighting, reflections) stay smooth across the coarse cells.
    return blur(upsample(fbm(sw, sh, scale / factor, seed, opts), sw, sh, factor, w, h), w, h, factor);
  }
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let norm = 0;
  for (let o = 0, amp = 1; o < octaves; o++, amp *= gain) norm += amp;
  const out = new Float32Array(w * h);
  for (let o = 0, amp = 1 / norm, freq = 1 / scale; o < octaves; o++, amp *= gain, freq *= lacunarity) {
    // Octaves finer than a pixel or two would only alias (and cost a lattice larger than the image).
    if (o > 0 && Math.max(freq, freq * stretch) > 0.7) break;
    // The image's corners in lattice coordinates bound the lattice.
    const us = [0, w * cos, h * sin, w * cos + h * sin].map((v) => v * freq);
    const vs = [0, -w * sin, h * cos, -w * sin + h * cos].map((v) => v * freq * stretch);
    const { values, x0, y0, nx } = lattice(Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs), seed + o * 1013);
    const du = cos * freq;
    const dv = -sin * freq * stretch;
    for (let y = 0, i = 0; y < h; y++) {
      let u = y * sin * freq;
      let v = y * cos * freq * stretch;
      for (let x = 0; x < w; x++, i++, u += du, v += dv) {
        const fu = Math.floor(u);
        const fv = Math.floor(v);
        let tx = u - fu;
        let ty = v - fv;
        tx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
        ty = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
        const k = (fv - y0) * nx + (fu - x0);
        const a = values[k]!;
        const b = values[k + 1]!;
        const c = values[k + nx]!;
        const top = a + (b - a) * tx;
        out[i]! += amp * (top + (c + (values[k + nx + 1]! - c) * tx - top) * ty);
      }
    }
  }
  return out;
}

/** Bilinear upsampling of a small field by an integer factor, cropped to w x h. */
function upsample(src: Field, sw: number, sh: number, factor: number, w: number, h: number): Field {
  const out = new Float32Array(w * h);
  const inv = 1 / factor;
  for (let y = 0, i = 0; y < h; y++) {
    const fy = y * inv;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    for (let x = 0; x < w; x++, i++) {
      const fx = x * inv;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const x1 = Math.min(sw - 1, x0 + 1);
      const top = src[r0 + x0]! + (src[r0 + x1]! - src[r0 + x0]!) * tx;
      const bottom = src[r1 + x0]! + (src[r1 + x1]! - src[r1 + x0]!) * tx;
      out[i] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/** White noise in [-1, 1]. */
export function whiteNoise(w: number, h: number, seed: number): Field {
  const rnd = mulberry32(seed);
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = rnd() * 2 - 1;
  return out;
}

export type Cells = { f1: Field; f2: Field; id: Uint32Array; cx: Field; cy: Field };

/**
 * Cellular (Worley) noise: distance to the nearest and second-nearest feature point (one per `cell`-sized square,
 * jittered by `jitter` of a cell), the nearest point's id and position. `warp` displaces the lookup (organic cells).
 */
export function cells(w: number, h: number, cell: number, seed: number, opts: { jitter?: number; warpX?: Field; warpY?: Field } = {}): Cells {
  const { jitter = 1, warpX, warpY } = opts;
  const f1 = new Float32Array(w * h);
  const f2 = new Float32Array(w * h);
  const id = new Uint32Array(w * h);
  const cx = new Float32Array(w * h);
  const cy = new Float32Array(w * h);
  const off = (1 - jitter) / 2;
  // Feature points of every cell the (warped) image can reach, computed once.
  let minX = 0;
  let maxX = w;
  let minY = 0;
  let maxY = h;
  if (warpX) for (let i = 0; i < warpX.length; i++) (minX = Math.min(minX, warpX[i]!)), (maxX = Math.max(maxX, w + warpX[i]!));
  if (warpY) for (let i = 0; i < warpY.length; i++) (minY = Math.min(minY, warpY[i]!)), (maxY = Math.max(maxY, h + warpY[i]!));
  const gx0 = Math.floor(minX / cell) - 2;
  const gy0 = Math.floor(minY / cell) - 2;
  const gnx = Math.floor(maxX / cell) - gx0 + 3;
  const gny = Math.floor(maxY / cell) - gy0 + 3;
  const px = new Float32Array(gnx * gny);
  const py = new Float32Array(gnx * gny);
  const pid = new Uint32Array(gnx * gny);
  for (let gy = 0; gy < gny; gy++) {
    for (let gx = 0; gx < gnx; gx++) {
      const qx = gx + gx0;
      const qy = gy + gy0;
      const k = gy * gnx + gx;
      px[k] = qx + off + hash2(qx, qy, seed) * jitter;
      py[k] = qy + off + hash2(qx, qy, seed + 7919) * jitter;
      pid[k] = (((qx & 0xffff) << 16) | (qy & 0xffff)) >>> 0;
    }
  }
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const qx = (x + (warpX ? warpX[i]! : 0)) / cell;
      const qy = (y + (warpY ? warpY[i]! : 0)) / cell;
      const gx = Math.floor(qx) - gx0;
      const gy = Math.floor(qy) - gy0;
      let d1 = 1e9;
      let d2 = 1e9;
      let best = 0;
      for (let oy = -1; oy <= 1; oy++) {
        let k = (gy + oy) * gnx + gx - 1;
        for (let ox = -1; ox <= 1; ox++, k++) {
          const dx = px[k]! - qx;
          const dy = py[k]! - qy;
          const d = dx * dx + dy * dy;
          if (d < d1) {
            d2 = d1;
            d1 = d;
            best = k;
          } else if (d < d2) d2 = d;
        }
      }
      f1[i] = Math.sqrt(d1) * cell;
      f2[i] = Math.sqrt(d2) * cell;
      id[i] = pid[best]!;
      cx[i] = px[best]! * cell;
      cy[i] = py[best]! * cell;
    }
  }
  return { f1, f2, id, cx, cy };
}

function boxPass(src: Field, dst: Field, w: number, h: number, r: number, horizontal: boolean): void {
  const n = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const step = horizontal ? 1 : w;
  const inv = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * w : line;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[base + Math.min(n - 1, Math.max(0, k)) * step]!;
    for (let k = 0; k < n; k++) {
      dst[base + k * step] = acc * inv;
      const add = Math.min(n - 1, k + r + 1);
      const sub = Math.max(0, k - r);
      acc += src[base + add * step]! - src[base + sub * step]!;
    }
  }
}

/** An approximate Gaussian blur (two box passes each way), radius in pixels; `dir` restricts it to one axis. */
export function blur(src: Field, w: number, h: number, radius: number, dir: 'both' | 'x' | 'y' = 'both'): Field {
  const r = Math.max(0, Math.round(radius / 1.4));
  if (r === 0) return src.slice();
  let a = src.slice();
  let b = new Float32Array(src.length);
  for (let pass = 0; pass < 2; pass++) {
    if (dir !== 'y') {
      boxPass(a, b, w, h, r, true);
      [a, b] = [b, a];
    }
    if (dir !== 'x') {
      boxPass(a, b, w, h, r, false);
      [a, b] = [b, a];
    }
  }
  return a;
}

export const clamp = (v: number, lo = 0, hi = 1) => (v < lo ? lo : v > hi ? hi : v);
export const smoothstep = (e0: number, e1: number, v: number) => {
  const t = clamp((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** Rescale a field to [0, 1]. */
export function normalize(f: Field): Field {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of f) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const k = hi > lo ? 1 / (hi - lo) : 0;
  for (let i = 0; i < f.length; i++) f[i] = (f[i]! - lo) * k;
  return f;
}

/** out[i] = fn(a[i], i), in place on a copy. */
export function map(a: Field, fn: (v: number, i: number) => number): Field {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = fn(a[i]!, i);
  return out;
}

/** Distance from (px, py) to the segment (ax, ay)-(bx, by), and the position t in [0, 1] along it. */
export function segment(px: number, py: number, ax: number, ay: number, bx: number, by: number): [number, number] {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy));
  const ex = px - ax - t * dx;
  const ey = py - ay - t * dy;
  return [Math.sqrt(ex * ex + ey * ey), t];
}

/**
 * Offset of (x, y) from the nearest point of a triangular lattice with spacing s (the centres of a honeycomb),
 * and that point's id.
 */
export function hexNearest(x: number, y: number, s: number, shift = 0): [number, number, number] {
  const rowH = s * Math.sqrt(3);
  let bx = 0;
  let by = 0;
  let bd = Infinity;
  let id = 0;
  for (let tag = 0; tag < 2; tag++) {
    const ox = tag * (s / 2);
    const oy = tag * (rowH / 2);
    const gx = Math.round((x - ox - shift) / s);
    const gy = Math.round((y - oy) / rowH);
    const dx = x - (gx * s + ox + shift);
    const dy = y - (gy * rowH + oy);
    const d = dx * dx + dy * dy;
    if (d < bd) {
      bd = d;
      bx = dx;
      by = dy;
      id = (gx * 7919 + gy * 104729 + tag) | 0;
    }
  }
  return [bx, by, id];
}
