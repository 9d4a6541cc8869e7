/**
 * Color that a photo's exposure and white balance do not move. Per pixel, log-chromaticity u = ln(R/G) and
 * v = ln(B/G): a brighter or darker exposure scales R, G and B alike, which the ratios cancel, and a white-balance
 * shift scales each channel by its own factor, which only translates u and v. So the "relative" histogram, centred
 * on the picture's mean (u, v), is left alone by both. The "absolute" histogram keeps u and v where they are, so the
 * material's own hue still counts, at a weight small enough that a white-balance shift does not decide the ranking.
 * Lightness is left out altogether: exposure moves it, and blur and compression narrow its spread.
 */
export type ChromaSpec = { bins: number; range: number };

export const chromaDims = (spec: ChromaSpec): number => spec.bins * spec.bins;

// Keeps the logs finite on black and damps the noise of near-black pixels' ratios.
const OFFSET = 2;
// Near-black pixels have no reliable hue (they count in proportion up to this); clipped ones have lost theirs.
const DARK = 24;
const CLIPPED = 254;

function bin(value: number, { bins, range }: ChromaSpec): number {
  const i = Math.floor(((value / range + 1) / 2) * bins);
  return i < 0 ? 0 : i >= bins ? bins - 1 : i;
}

/** The relative and absolute u x v histograms, each summing to 1 (all zero when every pixel is black or clipped). */
export function chromaHistograms(rgb: Uint8Array, n: number, spec: ChromaSpec): { relative: Float32Array; absolute: Float32Array } {
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const weight = new Float32Array(n);
  let uSum = 0;
  let vSum = 0;
  let weightSum = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = rgb[j]!;
    const g = rgb[j + 1]!;
    const b = rgb[j + 2]!;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const w = max >= CLIPPED ? 0 : Math.min(1, max / DARK);
    u[i] = Math.log((r + OFFSET) / (g + OFFSET));
    v[i] = Math.log((b + OFFSET) / (g + OFFSET));
    weight[i] = w;
    uSum += w * u[i]!;
    vSum += w * v[i]!;
    weightSum += w;
  }
  const dims = chromaDims(spec);
  const relative = new Float32Array(dims);
  const absolute = new Float32Array(dims);
  if (weightSum === 0) return { relative, absolute };
  const uMean = uSum / weightSum;
  const vMean = vSum / weightSum;
  for (let i = 0; i < n; i++) {
    const w = weight[i]!;
    if (w === 0) continue;
    relative[bin(v[i]! - vMean, spec) * spec.bins + bin(u[i]! - uMean, spec)]! += w;
    absolute[bin(v[i]!, spec) * spec.bins + bin(u[i]!, spec)]! += w;
  }
  for (let k = 0; k < dims; k++) {
    relative[k]! /= weightSum;
    absolute[k]! /= weightSum;
  }
  return { relative, absolute };
}
