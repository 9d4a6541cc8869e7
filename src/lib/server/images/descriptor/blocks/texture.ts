import { gaussianBlur, halve, standardisedLuma, type Plane } from './image';
import { clbp } from './lbp';
import { unitBlock } from '../vector';

const CLBP_BINS = 200;
const CLBP_RADII = [1, 2, 3] as const;
const OCTAVES = 3;
export const TEXTURE_DIMS = CLBP_BINS * OCTAVES;
// The finest octave has 4x the pixels of the next; every other centre per axis keeps its histogram stable
// and takes most of the cost out of the descriptor.
const FINE_OCTAVE_STEP = 2;
const FINE_STEP_FROM_PX = 40_000;

/**
 * Completed LBP histograms on three octaves of a luma plane, radii pooled within an octave but octaves kept apart:
 * concatenating them kept more of a texture's scale signature than summing them (0.745 vs 0.72 precision@10 alone
 * on the texture set).
 */
function octaveHistograms(luma: Plane): Float32Array[] {
  const octaves: Float32Array[] = [];
  let level = luma;
  for (let k = 0; k < OCTAVES; k++) {
    if (k > 0) level = halve(level);
    const step = k === 0 && luma.width * luma.height > FINE_STEP_FROM_PX ? FINE_OCTAVE_STEP : 1;
    const octave = new Float32Array(CLBP_BINS);
    for (const r of CLBP_RADII) {
      const h = clbp(level, r, step);
      for (let i = 0; i < CLBP_BINS; i++) octave[i]! += h[i]!;
    }
    octaves.push(octave);
  }
  return octaves;
}

/** Version 2's texture: the octaves of the standardised luma (exposure and contrast do not count), concatenated. */
export function clbpOctaves(rgb: Uint8Array, width: number, height: number): Float32Array {
  const out = new Float32Array(TEXTURE_DIMS);
  octaveHistograms(standardisedLuma(rgb, width, height)).forEach((octave, k) => out.set(octave, k * CLBP_BINS));
  return out;
}

// Smoothing before the codes: a photo slightly out of focus, or a catalogue picture resampled, then keeps its codes.
const SMOOTHING_SIGMA = 0.8;
// The coarsest octave of a small photo (a crop searched at 128 px) has few pixels and a noisy histogram.
const OCTAVE_WEIGHTS = [1, 1, 0.6] as const;
const OCTAVE_WEIGHT_NORM = Math.hypot(...OCTAVE_WEIGHTS);

/**
 * Version 3's texture block: the luma smoothed a little, then each octave's histogram power-normalised to unit
 * length on its own and weighted, so the block is unit length and no octave's pixel count decides it.
 */
export function smoothedClbpOctaves(rgb: Uint8Array, width: number, height: number, power: number): Float32Array {
  const out = new Float32Array(TEXTURE_DIMS);
  octaveHistograms(gaussianBlur(standardisedLuma(rgb, width, height), SMOOTHING_SIGMA)).forEach((octave, k) => {
    const unit = unitBlock(octave, power);
    const w = OCTAVE_WEIGHTS[k]! / OCTAVE_WEIGHT_NORM;
    for (let i = 0; i < CLBP_BINS; i++) out[k * CLBP_BINS + i] = unit[i]! * w;
  });
  return out;
}
