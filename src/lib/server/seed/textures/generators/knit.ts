/** Knits: single jersey (V loops), rib, and an engineered flyknit with open zones and a contrast yarn. */
import { blur, clamp, fbm, hash2, map, noise2, smoothstep, type Field } from '../fields';
import { surface, type Oklab, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

interface KnitSpec {
  /** Wale (column) width and course (row) height in pixels. */
  wale: number;
  course: number;
  /** Height offset across the fabric (rib), by position in wales. */
  waleLift?: (fx: number) => number;
  twist: number;
  /** Per-stitch irregularity. */
  jitter: number;
}

interface Knit {
  height: Field;
  albedo: Field;
  /** Stitch column and row of the yarn on top, for patterning (-1 in gaps). */
  col: Int32Array;
  row: Int32Array;
}

/**
 * The face of a weft knit: every wale a column of V's, each V two plump yarn legs slanting up and out, the
 * legs of one course nested in the next; grooves between the legs and between the wales.
 */
function knit(w: number, h: number, seed: number, s: KnitSpec): Knit {
  const height = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const col = new Int32Array(w * h);
  const row = new Int32Array(w * h);
  const fuzz = fbm(w, h, 2, seed + 9, { octaves: 2 });
  const slope = 0.55;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const fx = x / s.wale;
      const i = Math.floor(fx);
      const jx = (hash2(i, 0, seed) - 0.5) * s.jitter;
      const across = fx - i - 0.5 + jx * 0.3; // -0.5..0.5 across the wale
      const a = Math.min(1, Math.abs(across) * 2); // 0 mid-wale, 1 at its edge
      const t = y / s.course + a * slope + (hash2(i, 1, seed) - 0.5) * s.jitter;
      const j = Math.floor(t);
      const ft = t - j;
      const leg = Math.pow(Math.sin(Math.PI * ft), 0.6);
      const plump = 0.55 + 0.45 * Math.sin(Math.PI * Math.min(1, a * 1.1));
      const centre = smoothstep(0.02, 0.2, a);
      const edge = smoothstep(0.0, 0.12, 1 - a);
      const lift = s.waleLift ? s.waleLift(fx) : 0;
      const irregular = 1 + (hash2(i, j, seed + 3) - 0.5) * s.jitter;
      height[p] = leg * plump * centre * edge * irregular + lift;
      const side = across < 0 ? -1 : 1;
      const stripe = Math.sin(2 * Math.PI * (a * 2.2 + side * ft * 1.3));
      albedo[p] = clamp((1 + s.twist * stripe + 0.08 * fuzz[p]! + 0.05 * (hash2(i, j, seed + 2) - 0.5)) * (0.75 + 0.25 * centre * edge), 0.05, 2);
      col[p] = i;
      row[p] = j;
    }
  }
  return { height, albedo, col, row };
}

export function jersey({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const wale = [16, 20, 13][variant]! * u;
  const k = knit(w, h, seed, { wale, course: wale * 0.8, twist: 0.1, jitter: 0.1 });
  const mottle = fbm(w, h, 180 * u, seed + 20, { octaves: 3 });
  return surface(w, h, blur(k.height, w, h, 0.6 * u), {
    bump: wale * 0.3,
    albedo: map(k.albedo, (a, i) => a * (1 + mottle[i]! * 0.05)),
    ao: { radius: wale * 0.4, strength: 0.25 },
    look: { amplitude: 0.065, specStrength: 0 },
  });
}

export function ribKnit({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const wale = [15, 18, 12][variant]! * u;
  // 1x1 or 2x2 rib: the knit wales stand as rounded ridges, the purl wales between sink into grooves.
  const period = variant === 1 ? 4 : 2;
  const lift = (fx: number) => 1.2 * Math.cos((2 * Math.PI * (fx - period / 4 + 0.5)) / period);
  const k = knit(w, h, seed, { wale, course: wale * 0.72, twist: 0.1, jitter: 0.08, waleLift: lift });
  return surface(w, h, blur(k.height, w, h, 0.7 * u), {
    bump: wale * 0.22,
    albedo: k.albedo,
    ao: { radius: wale * 0.9, strength: 0.45 },
    look: { amplitude: 0.07, specStrength: 0 },
  });
}

/**
 * Flyknit: a fine, tight knit engineered in zones: open tuck-stitch holes where the upper breathes, a contrast
 * yarn in bands, plain knit elsewhere.
 */
export function flyknit({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const wale = [10, 12, 9][variant]! * u;
  const course = wale * 0.75;
  const k = knit(w, h, seed, { wale, course, twist: 0.08, jitter: 0.06 });
  const tilt = [0.5, -0.35, 0.9][variant]!;
  const zone = (x: number, y: number) => Math.sin(((x * tilt + y) / (120 * u)) * Math.PI + 1.6 * Math.sin(x / (170 * u))) + 0.35 * noise2(x / (90 * u), y / (90 * u), seed + 30);
  const height = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const mix = new Float32Array(w * h);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const z = zone(x, y);
      let hgt = k.height[p]!;
      let alb = k.albedo[p]!;
      // Open zone: a hole every other wale, every second course, staggered.
      if (z > 0.45) {
        const ci = Math.floor(x / (wale * 2));
        const cj = Math.floor(y / (course * 2));
        const hx = (ci + 0.5 + (cj % 2) * 0.5) * wale * 2;
        const hy = (cj + 0.5) * course * 2;
        const e = Math.hypot((x - hx) / (wale * 0.62), (y - hy) / (course * 0.7));
        const open = smoothstep(0.45, 0.7, z);
        if (e < 1) {
          const depth = (1 - smoothstep(0.55, 1, e)) * open;
          hgt = hgt * (1 - depth) - 1.6 * depth;
          alb *= 1 - 0.8 * depth;
        }
      }
      height[p] = hgt;
      albedo[p] = alb;
      // Contrast yarn: whole courses in the bands on the other side of the zone.
      // Contrast yarn, stitch by stitch, denser deeper into its zone: a heathered, graded band.
      const share = smoothstep(-0.2, -0.95, z) * 0.5;
      if (share > 0 && hash2(k.col[p]!, k.row[p]!, seed + 4) < share) mix[p] = 0.85;
    }
  }
  return surface(w, h, blur(height, w, h, 0.6 * u), {
    bump: wale * 0.22,
    albedo,
    ao: { radius: wale * 0.7, strength: 0.35 },
    mix,
    look: {
      amplitude: 0.06,
      specStrength: 0,
      // A tonal contrast yarn: lighter on dark colors, darker on light ones.
      secondary: (t: Oklab) => ({ l: t.l > 0.6 ? t.l - 0.22 : t.l + 0.24, a: t.a * 0.6, b: t.b * 0.6 }),
    },
  });
}
