/**
 * A woven-fabric engine: warp threads (vertical) and weft threads (horizontal) interlaced by a weave pattern,
 * each a twisted yarn with a round cross-section, uneven thickness and its own shade. Gives the height (for
 * lighting), the albedo and which system is on top (for two-color fabrics such as denim).
 */
import { clamp, fbm, hash2, noise2, type Field } from '../fields';

export interface WeaveSpec {
  /** Distance between warp threads and between weft threads, in pixels. */
  pitchX: number;
  pitchY: number;
  /** Whether warp i passes over weft j. */
  over: (i: number, j: number) => boolean;
  /** Thread width as a fraction of its pitch. */
  warpWidth: number;
  weftWidth: number;
  /** Thread width multiplier by index (ripstop's heavy threads). */
  warpScale?: (i: number) => number;
  weftScale?: (j: number) => number;
  /** How far a thread dips where it passes under, relative to its radius. */
  crimp: number;
  /** Random thread position offset, fraction of the pitch. */
  jitter: number;
  /** Thickness variation along a thread, and the length of its slubs in pixels. */
  slub: number;
  slubLength: number;
  /** Visible twist: striation contrast and pitch (in pixels along the thread). */
  twist: number;
  twistPitch: number;
  /** Slant of the twist striations across the thread (0: straight across). */
  twistSlant?: number;
  /** Flatness of the yarn's cross-section: 1 round, smaller flatter (yarns pressed together). */
  roundness?: number;
  /** Warp threads lean by this many pixels per pixel down (twills' yarns follow the diagonal a little). */
  shear?: number;
  /** Per-thread shade variation (yarn to yarn). */
  tone: number;
  /** Fibre haze: fine noise across the threads. */
  fuzz: number;
}

export interface Weave {
  height: Field;
  albedo: Field;
  /** 1 where the weft is on top, 0 on the warp, 0.5 in the gaps. */
  weftOnTop: Field;
  /** Per-pixel slub value of the top thread (-1..1), for dye effects. */
  slub: Field;
}

/**
 * Which of the threads `k - 1`, `k`, `k + 1` has its centre nearest to `at`: `k` is the slot `at` falls in, but a
 * jittered neighbour can lie closer. On a tie the lower index wins.
 */
function nearestThread(centres: Field, at: number, k: number): number {
  let nearest = k;
  let distance = Infinity;
  for (let c = k - 1; c <= k + 1; c++) {
    const d = Math.abs(at - centres[c]!);
    if (d < distance) {
      distance = d;
      nearest = c;
    }
  }
  return nearest;
}

export function weave(w: number, h: number, seed: number, s: WeaveSpec): Weave {
  const height = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const weftOnTop = new Float32Array(w * h);
  const slubOut = new Float32Array(w * h);
  const fibresV = fbm(w, h, 2 * (s.pitchX / 10), seed + 11, { octaves: 2, stretch: 0.15 });
  const fibresH = fbm(w, h, (2 * (s.pitchY / 10)) / 0.15, seed + 12, { octaves: 2, stretch: 1 / 0.15 });
  const haze = s.fuzz > 0 ? fbm(w, h, 3, seed + 13, { octaves: 2 }) : null;
  const shear = s.shear ?? 0;
  const leanMin = Math.min(0, shear * h);
  const leanMax = Math.max(0, shear * h);
  // Height of warp i's centre line at weft position y: +1 over a weft, -1 under, eased in between.
  const warpZ = (i: number, y: number) => {
    const f = y / s.pitchY - 0.5;
    const j = Math.floor(f);
    const t = f - j;
    const a = s.over(i, j) ? 1 : -1;
    const b = s.over(i, j + 1) ? 1 : -1;
    return a + (b - a) * (0.5 - 0.5 * Math.cos(Math.PI * t));
  };
  const weftZ = (j: number, x: number) => {
    const f = x / s.pitchX - 0.5;
    const i = Math.floor(f);
    const t = f - i;
    const a = s.over(i, j) ? -1 : 1;
    const b = s.over(i + 1, j) ? -1 : 1;
    return a + (b - a) * (0.5 - 0.5 * Math.cos(Math.PI * t));
  };

  // Per thread, computed once: centre position, shade, slub (thickness) along its length.
  const i0 = Math.floor(-leanMax / s.pitchX) - 2;
  const ni = Math.ceil((w - leanMin) / s.pitchX) - i0 + 3;
  const j0 = -2;
  const nj = Math.ceil(h / s.pitchY) + 5;
  const warpCentre = new Float32Array(ni);
  const warpTone = new Float32Array(ni);
  const warpSlub = new Float32Array(ni * h);
  const warpLift = new Float32Array(ni * h);
  for (let k = 0; k < ni; k++) {
    const i = k + i0;
    warpCentre[k] = (i + 0.5) * s.pitchX + (hash2(i, 1, seed) - 0.5) * s.jitter * s.pitchX;
    warpTone[k] = 1 + s.tone * (hash2(i, 5, seed) * 2 - 1);
    for (let y = 0; y < h; y++) {
      warpSlub[k * h + y] = noise2(i * 17.13, y / s.slubLength, seed + 3);
      warpLift[k * h + y] = warpZ(i, y) * s.crimp;
    }
  }
  const weftCentre = new Float32Array(nj);
  const weftTone = new Float32Array(nj);
  const weftSlub = new Float32Array(nj * w);
  for (let k = 0; k < nj; k++) {
    const j = k + j0;
    weftCentre[k] = (j + 0.5) * s.pitchY + (hash2(j, 2, seed) - 0.5) * s.jitter * s.pitchY;
    weftTone[k] = 1 + s.tone * (hash2(j, 6, seed) * 2 - 1);
    for (let x = 0; x < w; x++) weftSlub[k * w + x] = noise2(j * 23.71, x / s.slubLength, seed + 4);
  }
  // The yarn's cross-section, (1 - d²)^(roundness / 2), by table.
  const SECTION_STEPS = 1024;
  const section = new Float32Array(SECTION_STEPS + 1);
  for (let k = 0; k <= SECTION_STEPS; k++) section[k] = Math.pow(1 - k / SECTION_STEPS, (s.roundness ?? 1) / 2);
  const slant = s.twistSlant ?? 1.4;
  const floor = -s.crimp - 0.6;
  const twoPiTwist = (2 * Math.PI) / s.twistPitch;
  for (let y = 0, p = 0; y < h; y++) {
    const jc = Math.floor(y / s.pitchY);
    const lean = shear * y;
    const fk = nearestThread(weftCentre, y, jc - j0);
    const fj = fk + j0;
    for (let x = 0; x < w; x++, p++) {
      const xl = x - lean;
      const ic = Math.floor(xl / s.pitchX);
      const wk = nearestThread(warpCentre, xl, ic - i0);
      const wi = wk + i0;
      const ws = warpSlub[wk * h + y]!;
      const fs = weftSlub[fk * w + x]!;
      const warpHalf = ((s.pitchX * s.warpWidth) / 2) * (1 + s.slub * ws) * (s.warpScale ? s.warpScale(wi) : 1);
      const weftHalf = ((s.pitchY * s.weftWidth) / 2) * (1 + s.slub * fs) * (s.weftScale ? s.weftScale(fj) : 1);
      const dxw = (xl - warpCentre[wk]!) / warpHalf;
      const dyf = (y - weftCentre[fk]!) / weftHalf;
      const hw = dxw > -1 && dxw < 1 ? warpLift[wk * h + y]! + section[(dxw * dxw * SECTION_STEPS) | 0]! : -Infinity;
      const hf = dyf > -1 && dyf < 1 ? weftZ(fj, xl) * s.crimp + section[(dyf * dyf * SECTION_STEPS) | 0]! : -Infinity;
      let z: number;
      let tone: number;
      if (hw === -Infinity && hf === -Infinity) {
        z = floor;
        tone = 0.55;
        weftOnTop[p] = 0.5;
      } else if (hw >= hf) {
        z = hw;
        tone = warpTone[wk]! * (1 + s.twist * Math.sin((y + dxw * warpHalf * slant) * twoPiTwist) + 0.12 * fibresV[p]!);
        weftOnTop[p] = 0;
        slubOut[p] = ws;
      } else {
        z = hf;
        tone = weftTone[fk]! * (1 + s.twist * Math.sin((x - dyf * weftHalf * slant) * twoPiTwist) + 0.12 * fibresH[p]!);
        weftOnTop[p] = 1;
        slubOut[p] = fs;
      }
      height[p] = z > floor ? z : floor;
      albedo[p] = clamp(tone * (1 + (haze ? haze[p]! * s.fuzz : 0)), 0.05, 2);
    }
  }
  return { height, albedo, weftOnTop, slub: slubOut };
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Weave patterns (warp i over weft j). */
export const WEAVES = {
  plain: (i: number, j: number) => mod(i + j, 2) === 0,
  /** 2/2 twill: diagonal ribs. */
  twill22: (i: number, j: number) => mod(i + j, 4) < 2,
  /** 2/1 twill. */
  twill21: (i: number, j: number) => mod(i + j, 3) < 2,
  /** 3/1 warp-faced twill (denim): the warp shows on three of four crossings. */
  twill31: (i: number, j: number) => mod(i - j, 4) !== 0,
  /** 5-end warp satin: long warp floats, interlacings scattered. */
  satin5: (i: number, j: number) => mod(j - 2 * i, 5) !== 0,
  /** Oxford / basket: warp threads in pairs over one weft. */
  oxford: (i: number, j: number) => mod(Math.floor(i / 2) + j, 2) === 0,
  /** Herringbone: a 2/2 twill whose diagonal turns every `k` warps. */
  herringbone: (k: number) => (i: number, j: number) => mod(mod(i, 2 * k) < k ? i + j : i - j, 4) < 2,
};
