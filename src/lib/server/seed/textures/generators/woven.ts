/** Woven fabrics: plain weave, twill, oxford, ripstop, satin, denim, canvas. */
import { blur, fbm, map, smoothstep } from '../fields';
import { surface, type Oklab, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';
import { weave, WEAVES, type WeaveSpec } from './weave';

const BASE: Omit<WeaveSpec, 'pitchX' | 'pitchY' | 'over'> = {
  warpWidth: 1,
  weftWidth: 1,
  crimp: 0.4,
  jitter: 0.12,
  slub: 0.15,
  slubLength: 40,
  twist: 0.1,
  twistPitch: 7,
  twistSlant: 1.6,
  roundness: 0.7,
  tone: 0.06,
  fuzz: 0.08,
};

function wovenSurface(input: GeneratorInput, spec: WeaveSpec, opts: { bump?: number; amplitude?: number; mottle?: number; gloss?: number } = {}): TextureMap {
  const { w, h, u, seed } = input;
  const wv = weave(w, h, seed, spec);
  const mottle = fbm(w, h, 150 * u, seed + 40, { octaves: 3 });
  const albedo = map(wv.albedo, (a, i) => a * (1 + mottle[i]! * (opts.mottle ?? 0.05)));
  return surface(w, h, blur(wv.height, w, h, 0.6 * u), {
    bump: opts.bump ?? (Math.min(spec.pitchX, spec.pitchY) * 0.22) / 1,
    albedo,
    ao: { radius: Math.max(spec.pitchX, spec.pitchY) * 0.6, strength: 0.25 },
    gloss: opts.gloss ? { shininess: 12, strength: opts.gloss } : undefined,
    look: { amplitude: opts.amplitude ?? 0.06, specStrength: opts.gloss ? 0.08 : 0 },
  });
}

export function plainWeave(input: GeneratorInput): TextureMap {
  const p = [12, 16, 9][input.variant]! * input.u;
  return wovenSurface(input, { ...BASE, pitchX: p, pitchY: p * 1.05, over: WEAVES.plain, twistPitch: p * 0.45, slubLength: p * 3 });
}

export function twill(input: GeneratorInput): TextureMap {
  const p = [8, 10, 7][input.variant]! * input.u;
  const over = input.variant === 1 ? WEAVES.twill22 : WEAVES.twill31;
  return wovenSurface(input, { ...BASE, pitchX: p, pitchY: p * 0.8, over, warpWidth: 1.08, weftWidth: 0.9, crimp: 0.45, twistPitch: p * 0.5, slubLength: p * 4, roundness: 0.6, shear: -0.15 });
}

export function oxford(input: GeneratorInput): TextureMap {
  const p = [7, 9, 6][input.variant]! * input.u;
  return wovenSurface(input, { ...BASE, pitchX: p, pitchY: p * 2, over: WEAVES.oxford, warpWidth: 0.9, weftWidth: 0.85, crimp: 0.5, twistPitch: p * 0.6, slubLength: p * 5, tone: 0.08 }, { amplitude: 0.065 });
}

export function ripstop(input: GeneratorInput): TextureMap {
  const p = [7, 8, 6][input.variant]! * input.u;
  const every = [10, 8, 12][input.variant]!;
  const heavy = (k: number) => (((k % every) + every) % every === 0 ? 1.5 : 1);
  return wovenSurface(
    input,
    { ...BASE, pitchX: p, pitchY: p, over: WEAVES.plain, warpScale: heavy, weftScale: heavy, warpWidth: 0.8, weftWidth: 0.8, crimp: 0.3, twist: 0.03, slub: 0.04, tone: 0.02, fuzz: 0.02 },
    { amplitude: 0.05, gloss: 0.4 },
  );
}

export function canvas(input: GeneratorInput): TextureMap {
  const p = [16, 20, 13][input.variant]! * input.u;
  return wovenSurface(
    input,
    { ...BASE, pitchX: p, pitchY: p * 0.95, over: WEAVES.plain, warpWidth: 0.97, weftWidth: 0.97, crimp: 0.55, jitter: 0.12, slub: 0.22, slubLength: p * 2.5, twist: 0.1, twistPitch: p * 0.4, tone: 0.08, fuzz: 0.12 },
    { amplitude: 0.07, mottle: 0.08 },
  );
}

/** Satin: long floats, hardly any visible structure; the look is the sheen along soft folds. */
export function satin(input: GeneratorInput): TextureMap {
  const { w, h, u, seed, variant } = input;
  const p = 5 * u;
  const wv = weave(w, h, seed, { ...BASE, pitchX: p, pitchY: p * 1.6, over: WEAVES.satin5, warpWidth: 1.2, weftWidth: 1.2, crimp: 0.12, twist: 0.02, slub: 0.03, tone: 0.015, fuzz: 0.01, jitter: 0.04 });
  const angle = [0.25, -0.35, 0.6][variant]!;
  const folds = fbm(w, h, 260 * u, seed + 50, { octaves: 3, stretch: 0.35, angle, gain: 0.4 });
  const height = map(wv.height, (v, i) => v * 0.025 + folds[i]! * 24 * u);
  return surface(w, h, blur(height, w, h, 0.6 * u), {
    bump: 1,
    albedo: map(wv.albedo, (a) => 1 + (a - 1) * 0.3),
    ambient: 0.45,
    gloss: { shininess: 7, strength: 0.6 },
    look: { amplitude: 0.06, specStrength: 0.16 },
  });
}

/** Indigo-dyed 3/1 twill: the dyed warp on top, the undyed weft showing between; ring-dyed slubs fade light. */
export function denim(input: GeneratorInput): TextureMap {
  const { w, h, u, seed, variant } = input;
  const p = [8, 10, 7][variant]! * u;
  const wv = weave(w, h, seed, { ...BASE, pitchX: p, pitchY: p * 1.15, over: WEAVES.twill31, shear: -0.15, warpWidth: 1.12, weftWidth: 0.65, crimp: 0.45, slub: 0.25, slubLength: p * 4, twist: 0.1, twistPitch: p * 0.55, tone: 0.12, fuzz: 0.08, jitter: 0.1 });
  const wear = fbm(w, h, 200 * u, seed + 60, { octaves: 3 });
  const mix = map(wv.weftOnTop, (top, i) => {
    if (top > 0.75) return 0.6;
    if (top > 0.25) return 0.15;
    // Ring dyeing: the warp's white core shows a little where slubs stand proud and where the fabric is worn.
    return smoothstep(0.55, 1.1, wv.slub[i]! + wear[i]! * 0.2) * 0.3;
  });
  return surface(w, h, blur(wv.height, w, h, 0.5 * u), {
    bump: p * 0.22,
    albedo: map(wv.albedo, (a, i) => a * (1 + wear[i]! * 0.08)),
    ao: { radius: p * 0.6, strength: 0.3 },
    mix,
    look: {
      amplitude: 0.06,
      specStrength: 0,
      // The weft is undyed cotton, lightly tinted by the indigo around it.
      secondary: (t: Oklab) => ({ l: Math.max(t.l, Math.min(0.86, t.l + 0.38)), a: t.a * 0.2 + 0.002, b: t.b * 0.2 + 0.01 }),
      secondaryAmplitude: 0.8,
    },
  });
}
