import { blur, fbm, field, map, whiteNoise } from '../fields';
import { surface, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

/** A neutral material surface: soft mottling over a fine, slightly fibrous grain. */
export function generic({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const grain = fbm(w, h, 2.5 * u, seed + 1, { octaves: 2, stretch: 1 + variant * 0.6, angle: variant });
  const speck = whiteNoise(w, h, seed + 2);
  const height = field(w, h, (_x, _y, i) => grain[i]! + speck[i]! * 0.3);
  const mottle = fbm(w, h, 120 * u, seed + 3, { octaves: 4 });
  return surface(w, h, blur(height, w, h, 0.8 * u), { bump: 0.8 / u, albedo: map(mottle, (m) => 1 + m * 0.02), ambient: 0.5, look: { amplitude: 0.045, specStrength: 0 } });
}
