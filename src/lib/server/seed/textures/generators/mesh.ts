/** Meshes: spacer / air mesh (large openings over a monofilament layer) and sandwich mesh (round holes, two layers). */
import { blur, clamp, fbm, hash2, hexNearest, smoothstep, type Field } from '../fields';
import { surface, type Oklab, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

/** Through-hole color: the layer underneath, in shadow. */
const deeper = (t: Oklab): Oklab => ({ l: t.l * 0.42, a: t.a * 0.55, b: t.b * 0.55 });

/** A fine knit on the lands (the yarn of the mesh surface), as a small height texture. */
function fineKnit(w: number, h: number, wale: number, seed: number): Field {
  const out = new Float32Array(w * h);
  const fuzz = fbm(w, h, 1.5, seed, { octaves: 1 });
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const fx = x / wale;
      const a = Math.abs(fx - Math.floor(fx) - 0.5) * 2;
      const t = y / (wale * 0.8) + a * 0.55;
      out[p] = Math.pow(Math.sin(Math.PI * (t - Math.floor(t))), 0.6) * smoothstep(0, 0.25, a) * smoothstep(0, 0.15, 1 - a) + fuzz[p]! * 0.15;
    }
  }
  return out;
}

/** A mesh at one pixel: the height of its face, how much of the shadowed layer below shows (0-1), and the shading. */
type MeshPixel = { height: number; through: number; albedo: number };

/**
 * Draws a mesh pixel by pixel (`at` fills in each pixel) and lights it as every mesh is lit: the openings shaded by
 * the face around them, the layer below in the through-hole color.
 */
function meshSurface(
  w: number,
  h: number,
  at: (x: number, y: number, p: number, pixel: MeshPixel) => void,
  finish: { soften: number; bump: number; shadowRadius: number; throughContrast: number },
): TextureMap {
  const height = new Float32Array(w * h);
  const mix = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const pixel: MeshPixel = { height: 0, through: 0, albedo: 0 };
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      at(x, y, p, pixel);
      height[p] = pixel.height;
      mix[p] = pixel.through;
      albedo[p] = pixel.albedo;
    }
  }
  return surface(w, h, blur(height, w, h, finish.soften), {
    bump: finish.bump,
    albedo,
    ao: { radius: finish.shadowRadius, strength: 0.5 },
    mix,
    look: { amplitude: 0.06, specStrength: 0, secondary: deeper, secondaryAmplitude: finish.throughContrast },
  });
}

/** Spacer (air) mesh: big hexagonal, diamond or round openings in a plump knitted face over a fine inner layer. */
export function airMesh({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const s = [64, 56, 48][variant]! * u;
  const knitFace = fineKnit(w, h, 5 * u, seed + 1);
  return meshSurface(
    w,
    h,
    (x, y, p, pixel) => {
      const [dx, dy] = hexNearest(x, y, s);
      // Opening shape, as a normalised radius (1 at the edge of the hole).
      let r: number;
      if (variant === 0) r = Math.max(Math.abs(dx) * 0.866 + Math.abs(dy) * 0.5, Math.abs(dy)) / (s * 0.3);
      else if (variant === 1) r = (Math.abs(dx) / (s * 0.36) + Math.abs(dy) / (s * 0.44)) * 0.95;
      else r = Math.hypot(dx / (s * 0.33), dy / (s * 0.3));
      const land = smoothstep(0.98, 1.5, r);
      const hole = 1 - smoothstep(0.9, 1.02, r);
      // Inner layer: fine monofilaments crossing the opening.
      const mono = Math.pow(Math.abs(Math.sin((Math.PI * (x + y * 0.25)) / (3.2 * u))), 6);
      pixel.height = land * (1.4 + knitFace[p]! * 0.35) + (1 - land) * (-1 + mono * 0.25 * hole);
      pixel.through = hole * (1 - mono * 0.35);
      pixel.albedo = clamp(1 + (knitFace[p]! - 0.5) * 0.2 * land, 0.2, 2);
    },
    { soften: 1.2 * u, bump: s * 0.06, shadowRadius: s * 0.2, throughContrast: 0.6 },
  );
}

/** Sandwich mesh: a face of round holes on a hexagonal grid, a second layer seen through them, then darkness. */
export function sandwichMesh({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const s = [26, 34, 20][variant]! * u;
  const knitFace = fineKnit(w, h, 3.5 * u, seed + 1);
  const r1 = s * 0.34;
  const s2 = s * 0.5;
  const r2 = s2 * 0.3;
  return meshSurface(
    w,
    h,
    (x, y, p, pixel) => {
      const [dx, dy, id] = hexNearest(x, y, s);
      const wobble = 1 + (hash2(id, 1, seed) - 0.5) * 0.08;
      const d1 = Math.hypot(dx, dy * 1.08) / (r1 * wobble);
      const top = smoothstep(0.95, 1.35, d1);
      const [ex, ey] = hexNearest(x + s2 * 0.5, y, s2, 0);
      const d2 = Math.hypot(ex, ey) / r2;
      const middle = smoothstep(0.9, 1.15, d2);
      pixel.height = top * (1.2 + knitFace[p]! * 0.3) + (1 - top) * (middle * (-0.6 + knitFace[p]! * 0.1) - (1 - middle) * 1.4);
      pixel.through = (1 - top) * (1 - middle);
      pixel.albedo = clamp(1 - (1 - top) * 0.25, 0.1, 2);
    },
    { soften: 0.9 * u, bump: s * 0.09, shadowRadius: s * 0.3, throughContrast: 0.5 },
  );
}
