/**
 * Color a texture map: two 256-entry palettes (the target color and the secondary one) in linear light, built in
 * Oklab so dark and light colors keep a visible texture, calibrated so the image's mean color is the target's,
 * then one lookup per pixel.
 */
import { converter, parse } from 'culori';
import { DETAIL_SIGMA, type Oklab, type TextureMap } from './surface';

const toOklab = converter('oklab');
const toLrgb = converter('lrgb');
const toRgb = converter('rgb');

/** Linear light (0-1, 8192 steps) to 8-bit sRGB. */
const LUT_SIZE = 8192;
const TO_SRGB = (() => {
  const lut = new Uint8Array(LUT_SIZE + 1);
  for (let i = 0; i <= LUT_SIZE; i++) {
    const { r } = toRgb({ mode: 'lrgb', r: i / LUT_SIZE, g: 0, b: 0 });
    lut[i] = Math.round(Math.min(1, Math.max(0, r)) * 255);
  }
  return lut;
})();
export function hexToOklab(hex: string): Oklab {
  const parsed = /^#?[0-9a-f]{6}$/i.test(hex) ? parse(hex.startsWith('#') ? hex : `#${hex}`) : undefined;
  if (!parsed) throw new Error(`Not a #rrggbb color: ${hex}`);
  const { l, a, b } = toOklab(parsed);
  return { l, a, b };
}

/** How much of the texture's contrast a color of lightness `l` shows: less in the deepest blacks. */
const contrastAt = (l: number) => 0.55 + 0.6 * Math.min(1, l);

function palette(base: Oklab, amplitude: number): Float32Array {
  const out = new Float32Array(256 * 3);
  const k = amplitude * contrastAt(base.l);
  const baseL = Math.max(0.02, base.l);
  for (let d = 0; d < 256; d++) {
    const l = Math.max(0.005, baseL + ((d - 128) / DETAIL_SIGMA) * k);
    // Shading scales chroma with lightness (as light on a dyed surface does), a little less than fully.
    const f = Math.pow(Math.min(3, l / baseL), 0.8);
    const { r, g, b } = toLrgb({ mode: 'oklab', l, a: base.a * f, b: base.b * f });
    out[d * 3] = Math.min(1, Math.max(0, r));
    out[d * 3 + 1] = Math.min(1, Math.max(0, g));
    out[d * 3 + 2] = Math.min(1, Math.max(0, b));
  }
  return out;
}

function compose(map: TextureMap, primary: Float32Array, secondary: Float32Array | null, out: Uint8Array, stride = 1, withSpec = true): void {
  const { detail, mix } = map;
  const spec = withSpec ? map.spec : null;
  const specK = map.look.specStrength / 255;
  const n = detail.length;
  for (let i = 0, o = 0; i < n; i += stride, o += 3 * stride) {
    const d3 = detail[i]! * 3;
    let r = primary[d3]!;
    let g = primary[d3 + 1]!;
    let b = primary[d3 + 2]!;
    if (mix && secondary) {
      const m = mix[i]! / 255;
      if (m > 0) {
        r += (secondary[d3]! - r) * m;
        g += (secondary[d3 + 1]! - g) * m;
        b += (secondary[d3 + 2]! - b) * m;
      }
    }
    if (spec) {
      const s = spec[i]! * specK;
      r += s;
      g += s;
      b += s;
    }
    out[o] = TO_SRGB[Math.min(LUT_SIZE, (r * LUT_SIZE) | 0)]!;
    out[o + 1] = TO_SRGB[Math.min(LUT_SIZE, (g * LUT_SIZE) | 0)]!;
    out[o + 2] = TO_SRGB[Math.min(LUT_SIZE, (b * LUT_SIZE) | 0)]!;
  }
}

/**
 * Mean Oklab color of a sample of the target-colored pixels (sRGB averaged, as an image's statistics are),
 * without highlights: the material is the color, reflections come on top.
 */
function sampleMean(map: TextureMap, primary: Float32Array, secondary: Float32Array | null, scratch: Uint8Array, stride: number): Oklab {
  compose(map, primary, secondary, scratch, stride, false);
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0, o = 0; i < map.detail.length; i += stride, o += 3 * stride) {
    if (map.mix && map.mix[i]! >= 128) continue;
    r += scratch[o]!;
    g += scratch[o + 1]!;
    b += scratch[o + 2]!;
    n++;
  }
  if (n === 0) return { l: 0, a: 0, b: 0 };
  const { l, a, b: bb } = toOklab({ mode: 'rgb', r: r / n / 255, g: g / n / 255, b: b / n / 255 });
  return { l, a, b: bb };
}

/** The map in `hex` as raw 8-bit RGB. */
export function recolor(map: TextureMap, hex: string): Buffer {
  const target = hexToOklab(hex);
  const { look } = map;
  const second = look.secondary && map.mix ? look.secondary(target) : null;
  const secondary = second ? palette(second, look.amplitude * (look.secondaryAmplitude ?? 1)) : null;
  const out = Buffer.alloc(map.width * map.height * 3);

  // Shading and clipping move the mean: shift the base color until the sampled mean is the target.
  const base = { ...target };
  let primary = palette(base, look.amplitude);
  for (let iter = 0; iter < 3; iter++) {
    const mean = sampleMean(map, primary, secondary, out, 13);
    const dl = target.l - mean.l;
    const da = target.a - mean.a;
    const db = target.b - mean.b;
    if (Math.abs(dl) + Math.abs(da) + Math.abs(db) < 0.002) break;
    base.l = Math.min(1.08, Math.max(0, base.l + dl));
    base.a += da;
    base.b += db;
    primary = palette(base, look.amplitude);
  }
  compose(map, primary, secondary, out);
  return out;
}
