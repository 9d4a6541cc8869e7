/** Trims: woven webbing straps and braided cords (shoelaces), laid on a neutral backdrop. */
import { blur, clamp, fbm, hash2, noise2, smoothstep } from '../fields';
import { surface, type Oklab, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';
import { weave, WEAVES } from './weave';

/** A neutral surface the trim lies on, contrasting with it. */
const backdrop = (t: Oklab): Oklab => (t.l > 0.6 ? { l: 0.36, a: 0, b: 0.004 } : { l: 0.9, a: 0, b: 0.006 });

function transpose(src: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = src[x * h + y]!;
  return out;
}

/** Webbing: dense warp-faced herringbone straps with rolled selvedges. */
export function webbing({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  // Woven with the warp vertical, then turned so the straps run across.
  const wv = weave(h, w, seed, {
    pitchX: 4.5 * u,
    pitchY: 7 * u,
    over: WEAVES.herringbone(variant === 2 ? 12 : 8),
    warpWidth: 1.15,
    weftWidth: 0.8,
    crimp: 0.5,
    jitter: 0.05,
    slub: 0.05,
    slubLength: 30 * u,
    twist: 0.06,
    twistPitch: 3 * u,
    tone: 0.04,
    fuzz: 0.04,
    roundness: 0.8,
  });
  const cloth = transpose(wv.height, w, h);
  const tone = transpose(wv.albedo, w, h);
  const straps = variant === 1 ? [[0.06, 0.46], [0.54, 0.94]] : variant === 0 ? [[0.12, 0.88]] : [[-0.1, 1.1]];
  const height = new Float32Array(w * h);
  const mix = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const edge = 7 * u;
  for (let y = 0, p = 0; y < h; y++) {
    let inside = 0;
    let roll = 0;
    for (const [a, b] of straps) {
      const top = a! * h + noise2(0.5, y / 300, seed) * 0;
      const bottom = b! * h;
      if (y >= top && y <= bottom) {
        const d = Math.min(y - top, bottom - y);
        inside = 1;
        roll = smoothstep(0, edge * 2, d);
      }
    }
    for (let x = 0; x < w; x++, p++) {
      // A selvedge: the strap's edge rolls over, a couple of weft loops show.
      height[p] = inside ? cloth[p]! * 0.5 + Math.sqrt(roll) * 2.5 : -1.5;
      mix[p] = inside ? 0 : 1;
      albedo[p] = inside ? clamp(tone[p]! * (0.85 + 0.15 * roll)) : 1 - 0.5 * Math.exp(-distanceToStrap(y, straps, h) / (9 * u));
    }
  }
  return surface(w, h, blur(height, w, h, 0.5 * u), {
    bump: 2.4 * u,
    albedo,
    ao: { radius: 4 * u, strength: 0.3 },
    gloss: { shininess: 10, strength: 0.3 },
    mix,
    look: { amplitude: 0.06, specStrength: 0.05, secondary: backdrop, secondaryAmplitude: 0.4 },
  });
}

function distanceToStrap(y: number, straps: number[][], h: number): number {
  let d = Infinity;
  for (const [a, b] of straps) d = Math.min(d, Math.abs(y - a! * h), Math.abs(y - b! * h));
  // Cast below the strap only (light from above).
  return straps.some(([, b]) => y > b! * h) ? d : Infinity;
}

/** Braided cord (a shoelace): strands crossing in a chevron braid around a round core, several cords side by side. */
export function cord({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const diameter = [58, 46, 70][variant]! * u;
  const gap = 16 * u;
  const pitch = diameter * 0.28;
  const slant = 1.15;
  const height = new Float32Array(w * h);
  const mix = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const fibres = fbm(w, h, 1.5 * u, seed + 1, { octaves: 2, stretch: 3 });
  const period = diameter + gap;
  const flat = variant === 1; // a flat lace: an oval section
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      // Cords run across, gently wavy.
      const wave = Math.sin(x / (160 * u) + hash2(0, 0, seed) * 6) * 6 * u;
      const k = Math.floor((y - wave + gap / 2) / period);
      const centre = k * period + diameter / 2 + wave + (hash2(k, 1, seed) - 0.5) * 6 * u;
      const v = (y - centre) / (diameter / 2);
      if (Math.abs(v) >= 1) {
        height[p] = -1.2;
        mix[p] = 1;
        // Shadow under the cord.
        const below = y - (centre + diameter / 2);
        albedo[p] = below > 0 && below < gap ? 1 - 0.5 * Math.exp(-below / (5 * u)) : 1;
        continue;
      }
      const a = (x + k * 37) / pitch + v * slant;
      const b = (x + k * 37) / pitch - v * slant;
      const fa = a - Math.floor(a);
      const fb = b - Math.floor(b);
      const aOnTop = (Math.floor(a) + Math.floor(b)) % 2 === 0;
      const strand = aOnTop ? Math.pow(Math.sin(Math.PI * fa), 0.7) : Math.pow(Math.sin(Math.PI * fb), 0.7);
      const section = flat ? Math.pow(1 - v * v, 0.25) : Math.sqrt(1 - v * v);
      height[p] = section * 1.6 + strand * 0.45;
      mix[p] = 0;
      const twist = Math.sin(2 * Math.PI * ((aOnTop ? fa : fb) * 2.5 + v * 3));
      albedo[p] = clamp((0.75 + 0.25 * strand) * (1 + 0.07 * twist + 0.08 * fibres[p]!));
    }
  }
  return surface(w, h, blur(height, w, h, 0.6 * u), {
    bump: diameter * 0.05,
    albedo,
    ao: { radius: 6 * u, strength: 0.35 },
    mix,
    look: { amplitude: 0.065, specStrength: 0, secondary: backdrop, secondaryAmplitude: 0.4 },
  });
}
