/** Leathers and their imitations: pebble grain, patent, suede, nubuck, synthetic (PU / microfibre) grain. */
import { blur, cells, clamp, fbm, field, hash2, map, smoothstep, whiteNoise } from '../fields';
import { surface, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

/** Full-grain leather: irregular rounded pebbles between soft creases, pores, a little sheen, uneven dye. */
export function fullGrain({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const cell = [22, 30, 16][variant]! * u;
  const wx = fbm(w, h, cell * 2.5, seed + 1, { octaves: 3 });
  const wy = fbm(w, h, cell * 2.5, seed + 2, { octaves: 3 });
  for (let i = 0; i < wx.length; i++) {
    wx[i] = wx[i]! * cell * 0.7;
    wy[i] = wy[i]! * cell * 0.7;
  }
  const big = cells(w, h, cell, seed + 3, { warpX: wx, warpY: wy });
  const small = cells(w, h, cell * 0.5, seed + 4, { warpX: wx, warpY: wy });
  const creaseWidth = fbm(w, h, cell * 3, seed + 8, { octaves: 2 });
  const pores = whiteNoise(w, h, seed + 5);
  const fine = fbm(w, h, 3 * u, seed + 6, { octaves: 2 });
  const height = field(w, h, (_x, _y, i) => {
    const cw = cell * (0.5 + 0.15 * creaseWidth[i]!);
    const pebble = Math.pow(smoothstep(0, cw, big.f2[i]! - big.f1[i]!), 0.85) * (0.7 + 0.3 * hash2(big.id[i]!, 1, seed));
    const sub = Math.pow(smoothstep(0, cw * 0.5, small.f2[i]! - small.f1[i]!), 0.85);
    const pore = pores[i]! > 0.992 ? -0.25 : 0;
    return pebble + sub * 0.35 + pore + fine[i]! * 0.06;
  });
  const mottle = fbm(w, h, 160 * u, seed + 7, { octaves: 3 });
  return surface(w, h, blur(height, w, h, 1.5 * u), {
    bump: 2.4 / u,
    albedo: map(mottle, (m) => 1 + m * 0.1),
    ao: { radius: cell * 0.3, strength: 1.2 },
    gloss: { shininess: 10, strength: 0.5 },
    look: { amplitude: 0.065, specStrength: 0.06 },
  });
}

/**
 * Patent leather: a lacquered, almost mirror surface over a gently undulating hide; what you see is the studio
 * lights reflected in it, softly bent by the surface.
 */
export function patent({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const scale = Math.max(w, h);
  const swell = fbm(w, h, scale * 0.6, seed + 1, { octaves: 2, gain: 0.35 });
  const ripple = fbm(w, h, 90 * u, seed + 2, { octaves: 2, gain: 0.4 });
  const height = map(swell, (f, i) => f * 36 * u + ripple[i]! * 1.2 * u);
  const peel = fbm(w, h, 14 * u, seed + 3, { octaves: 2 });
  // Reflected softboxes: long bright bands with crisp edges, bent by the surface.
  const angle = [0.35, -0.5, 0.15][variant]!;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const bands = [
    { at: 0.3, half: 0.028, gain: 0.95 },
    { at: 0.37, half: 0.008, gain: 0.6 },
    { at: 0.72, half: 0.06, gain: 0.25 },
  ];
  const highlight = field(w, h, (x, y, i) => {
    const gx = x > 0 && x < w - 1 ? (height[i + 1]! - height[i - 1]!) / 2 : 0;
    const gy = y > 0 && y < h - 1 ? (height[i + w]! - height[i - w]!) / 2 : 0;
    const t = ((x - w / 2) * s + (y - h / 2) * c) / scale + 0.5 + (gx * 0.6 + gy * 0.6) / u + peel[i]! * 0.002;
    let v = 0;
    for (const b of bands) v += b.gain * (1 - smoothstep(b.half * 0.7, b.half * 1.3, Math.abs(t - b.at)));
    // The glow of the lacquer around the reflections.
    v += 0.12 * Math.exp(-((t - 0.33) ** 2) / 0.006);
    return clamp(v);
  });
  return surface(w, h, height, {
    bump: 1,
    gloss: { shininess: 80, strength: 0.25 },
    highlight,
    ambient: 0.15,
    look: { amplitude: 0.07, specStrength: 0.75 },
  });
}

/** Suede: a dense, matte nap of short fibres; brushed patches where the nap lies another way. */
export function suede({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const angle = [0.3, 1.2, -0.6][variant]!;
  const fibresA = fbm(w, h, 2.4 * u, seed + 1, { octaves: 2, stretch: 3, angle });
  const fibresB = fbm(w, h, 2.4 * u, seed + 2, { octaves: 2, stretch: 3, angle: angle + 0.6 });
  const grain = whiteNoise(w, h, seed + 3);
  const patches = fbm(w, h, 60 * u, seed + 4, { octaves: 4 });
  const height = field(w, h, (_x, _y, i) => {
    const t = smoothstep(-0.5, 0.5, patches[i]!);
    return (fibresA[i]! * (1 - t) + fibresB[i]! * t) * 0.8 + grain[i]! * 0.5;
  });
  const albedo = map(patches, (p) => 1 + p * 0.03);
  return surface(w, h, blur(height, w, h, 0.7 * u), { bump: 0.8 / u, albedo, ambient: 0.6, look: { amplitude: 0.04, specStrength: 0 } });
}

/** Nubuck: sanded grain, a very short velvety nap, faint pebbles of the grain underneath. */
export function nubuck({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const nap = fbm(w, h, 1.8 * u, seed + 1, { octaves: 2, stretch: 1.8, angle: variant * 0.9 });
  const grain = whiteNoise(w, h, seed + 2);
  const under = cells(w, h, 24 * u, seed + 3);
  const patches = fbm(w, h, 140 * u, seed + 4, { octaves: 3 });
  const height = field(w, h, (_x, _y, i) => nap[i]! * 0.7 + grain[i]! * 0.25 + smoothstep(0, 4 * u, under.f2[i]! - under.f1[i]!) * 0.35);
  const albedo = map(patches, (p) => 1 + p * 0.015);
  return surface(w, h, blur(height, w, h, 0.8 * u), { bump: 0.6 / u, albedo, ambient: 0.6, look: { amplitude: 0.04, specStrength: 0 } });
}

/** PU / microfibre leather: an embossed, very even grain (a roller's pattern) with a satin finish. */
export function syntheticLeather({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const cell = [11, 14, 9][variant]! * u;
  const grid = cells(w, h, cell, seed + 1, { jitter: 0.7 });
  const fine = fbm(w, h, 1.6 * u, seed + 2, { octaves: 2 });
  const height = field(w, h, (_x, _y, i) => Math.sqrt(smoothstep(0, cell * 0.22, grid.f2[i]! - grid.f1[i]!)) + fine[i]! * 0.06);
  const mottle = fbm(w, h, 220 * u, seed + 3, { octaves: 2 });
  return surface(w, h, blur(height, w, h, 1 * u), {
    bump: 1.4 / u,
    albedo: map(mottle, (m) => 1 + m * 0.04),
    ao: { radius: cell * 0.3, strength: 0.6 },
    gloss: { shininess: 22, strength: 0.6 },
    look: { amplitude: 0.05, specStrength: 0.1 },
  });
}
