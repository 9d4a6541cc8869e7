/**
 * From a height field (and optional albedo, gloss, secondary-color mask) to a color-independent texture map:
 * lit once from the upper left, so recoloring is a palette lookup per pixel.
 */
import { blur, type Field } from './fields';

/** Colors in Oklab. */
export type Oklab = { l: number; a: number; b: number };

export interface Look {
  /** Oklab lightness per standard deviation of the detail (the texture's contrast). */
  amplitude: number;
  /** Linear light added where the specular plane is 255. */
  specStrength: number;
  /** The second color (denim weft, lace backing, mesh holes), from the target color; needs a mix plane. */
  secondary?: (target: Oklab) => Oklab;
  /** Contrast of the detail within the secondary color, relative to `amplitude`. */
  secondaryAmplitude?: number;
}

export interface TextureMap {
  width: number;
  height: number;
  /** 128 + 40 x (standard score of the log shading): the texture without color. */
  detail: Uint8Array;
  /** Weight of the secondary color, 0-255. */
  mix: Uint8Array | null;
  /** Specular highlight, 0-255. */
  spec: Uint8Array | null;
  look: Look;
}

export const DETAIL_SIGMA = 40;

export interface SurfaceOptions {
  /** Height in pixels per unit of the height field (how strongly it catches the light). */
  bump: number;
  /** Multiplies the shading (dyes, fibres, mottling); about 1. */
  albedo?: Field;
  /** Cavities darken: blurred height minus height, times strength. */
  ao?: { radius: number; strength: number };
  /** Blinn-Phong highlight from the surface normals. */
  gloss?: { shininess: number; strength?: number; mask?: Field };
  /** A highlight painted directly (reflections), 0-1, added to the gloss. */
  highlight?: Field;
  /** 0-1 weight of the secondary color. */
  mix?: Field;
  /** Light direction, towards the light. */
  light?: [number, number, number];
  ambient?: number;
  look: Look;
}

export function surface(w: number, h: number, height: Field, o: SurfaceOptions): TextureMap {
  const [lx0, ly0, lz0] = o.light ?? [-0.45, -0.55, 0.7];
  const ln = Math.hypot(lx0, ly0, lz0);
  const lx = lx0 / ln;
  const ly = ly0 / ln;
  const lz = lz0 / ln;
  // Half vector for a viewer straight above.
  const hn = Math.hypot(lx, ly, lz + 1);
  const hx = lx / hn;
  const hy = ly / hn;
  const hz = (lz + 1) / hn;
  const ambient = o.ambient ?? 0.35;
  const cavity = o.ao ? blur(height, w, h, o.ao.radius) : null;
  const logShade = new Float32Array(w * h);
  const spec = o.gloss || o.highlight ? new Uint8Array(w * h) : null;
  const mix = o.mix ? new Uint8Array(w * h) : null;

  let sum = 0;
  let sumSq = 0;
  let count = 0;
  const bump = o.bump;
  const gloss = o.gloss;
  const shininess = gloss?.shininess ?? 1;
  const glossStrength = gloss?.strength ?? 1;
  const aoStrength = o.ao?.strength ?? 0;
  const albedo = o.albedo ?? null;
  const mixIn = o.mix ?? null;
  const highlight = o.highlight ?? null;
  const glossMask = gloss?.mask ?? null;
  // pow(n·h, shininess) by table: the exponent is the same for every pixel.
  const POW_STEPS = 4096;
  const powTable = new Float32Array(POW_STEPS + 1);
  for (let k = 0; k <= POW_STEPS; k++) powTable[k] = Math.pow(k / POW_STEPS, shininess) * glossStrength;
  for (let y = 0, i = 0; y < h; y++) {
    const up = y > 0 ? -w : 0;
    const down = y < h - 1 ? w : 0;
    const dyScale = bump / ((down - up) / w || 1);
    for (let x = 0; x < w; x++, i++) {
      const left = x > 0 ? -1 : 0;
      const right = x < w - 1 ? 1 : 0;
      const dx = ((height[i + right]! - height[i + left]!) / (right - left || 1)) * bump;
      const dy = (height[i + down]! - height[i + up]!) * dyScale;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + 1);
      const nx = -dx * inv;
      const ny = -dy * inv;
      const nz = inv;
      const lambert = nx * lx + ny * ly + nz * lz;
      let shade = ambient + ((1 - ambient) * (lambert > 0 ? lambert : 0)) / lz;
      if (cavity) {
        const c = cavity[i]! - height[i]!;
        if (c > 0) shade *= Math.max(0.15, 1 - c * aoStrength);
      }
      if (albedo) {
        const a = albedo[i]!;
        shade *= a > 0.02 ? a : 0.02;
      }
      const v = Math.log(shade > 1e-3 ? shade : 1e-3);
      logShade[i] = v;
      const m = mixIn ? mixIn[i]! : 0;
      if (mix) mix[i] = (m < 0 ? 0 : m > 1 ? 1 : m) * 255 + 0.5;
      if (m < 0.5) {
        sum += v;
        sumSq += v * v;
        count++;
      }
      if (spec) {
        let s = 0;
        if (gloss) {
          const nh = nx * hx + ny * hy + nz * hz;
          if (nh > 0) s = powTable[(nh * POW_STEPS) | 0]! * (glossMask ? glossMask[i]! : 1);
        }
        if (highlight) s += highlight[i]!;
        spec[i] = (s < 0 ? 0 : s > 1 ? 1 : s) * 255 + 0.5;
      }
    }
  }
  // A robust spread (16th to 84th percentile): deep gaps and holes must not flatten the rest of the texture.
  const mean = count ? sum / count : 0;
  const std = robustSpread(logShade, o.mix ?? null, mean, count ? Math.sqrt(Math.max(1e-8, sumSq / count - mean * mean)) : 1);
  const detail = new Uint8Array(w * h);
  const k = DETAIL_SIGMA / std;
  for (let i = 0; i < detail.length; i++) {
    const d = 128.5 + (logShade[i]! - mean) * k;
    detail[i] = d < 0 ? 0 : d > 255 ? 255 : d;
  }
  return { width: w, height: h, detail, mix, spec, look: o.look };
}

function robustSpread(values: Float32Array, mix: Field | null, mean: number, std: number): number {
  const bins = 2048;
  const lo = mean - 6 * std;
  const k = bins / (12 * std);
  const hist = new Uint32Array(bins);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (mix && mix[i]! >= 0.5) continue;
    const b = Math.floor((values[i]! - lo) * k);
    hist[b < 0 ? 0 : b >= bins ? bins - 1 : b]!++;
    n++;
  }
  const at = (q: number) => {
    let acc = 0;
    for (let b = 0; b < bins; b++) {
      acc += hist[b]!;
      if (acc >= q * n) return lo + (b + 0.5) / k;
    }
    return lo + bins / k;
  };
  const spread = (at(0.84) - at(0.16)) / 2;
  return spread > 1e-6 ? spread : std;
}
