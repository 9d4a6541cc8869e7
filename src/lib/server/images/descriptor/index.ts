/**
 * Image descriptor for "find this material from another photo" (docs/product/search.md#how-results-are-ranked Search, "Image:").
 * Pure: bytes in, unit-length Float32Array out. Ranking by plain Euclidean distance (pgvector `<->`) or inner
 * product on these vectors is exactly what bench/image-search-precision.ts measures, so every per-block
 * normalisation and weight is baked into the vector here rather than applied at query time.
 */
import { loadPixels, type DescriptorRegion } from './pixels';
import { halve, standardisedLuma, type Plane } from './blocks/image';
import { clbp } from './blocks/lbp';
import { labBinTable, labHistogramFromTable } from './blocks/color';

export type { DescriptorRegion };

export const DESCRIPTOR_VERSION = 2;

const LAB_SPEC = { lBins: 4, abBins: 8, abRange: 40 } as const;
const LAB_DIMS = LAB_SPEC.lBins * LAB_SPEC.abBins * LAB_SPEC.abBins;
const CLBP_BINS = 200;
const CLBP_RADII = [1, 2, 3] as const;
const OCTAVES = 3;
const CLBP_DIMS = CLBP_BINS * OCTAVES;
// The finest octave has 4x the pixels of the next; every other centre per axis keeps its histogram stable
// and takes most of the cost out of the descriptor.
const FINE_OCTAVE_STEP = 2;

let labTable: Uint16Array | undefined;

/** Block names in vector order, with the weight each block's unit vector is scaled by. */
export const BLOCK_LAYOUT: ReadonlyArray<{ name: string; dims: number; weight: number; power: number }> = [
  // Color separates most materials on its own but confuses different samples of one material, so texture
  // gets the larger weight (picked on the texture set; the benchmark re-tunes it on held-out halves).
  { name: 'lab-histogram', dims: LAB_DIMS, weight: 0.5, power: 0.5 },
  // A stronger power than Hellinger's 0.5 flattens the dominant flat/edge codes further (0.70 -> 0.72 alone).
  { name: 'clbp-octaves', dims: CLBP_DIMS, weight: 1, power: 0.3 },
];

export const DESCRIPTOR_DIMENSIONS = BLOCK_LAYOUT.reduce((s, b) => s + b.dims, 0);

/**
 * Power-normalised (0.5 = Hellinger) before L2 so Euclidean distance between histograms lets many small bins
 * count against a few dominant ones, as a Hellinger or chi-square distance would.
 */
function unitBlock(values: Float32Array, power: number): Float32Array {
  const out = new Float32Array(values.length);
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.pow(Math.max(0, values[i]!), power);
    out[i] = v;
    ss += v * v;
  }
  const k = ss > 0 ? 1 / Math.sqrt(ss) : 0;
  for (let i = 0; i < values.length; i++) out[i]! *= k;
  return out;
}

function l2normalise(v: Float32Array): Float32Array {
  let ss = 0;
  for (let i = 0; i < v.length; i++) ss += v[i]! * v[i]!;
  if (ss === 0) {
    // Unreachable while the color histogram always has mass; kept so the index never receives NaN.
    v.fill(1 / Math.sqrt(v.length));
    return v;
  }
  const inv = 1 / Math.sqrt(ss);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/** Octave pyramid: texture at 256, 128 and 64 px, each octave its own histogram. */
function pyramid(base: Plane): Plane[] {
  const levels = [base];
  for (let k = 1; k < OCTAVES; k++) levels.push(halve(levels[k - 1]!));
  return levels;
}

/**
 * Every block as its own unit vector, unweighted. Exported for the precision benchmark, which re-tunes the
 * block weights on one half of the texture set and scores them on the other.
 */
export async function computeBlocks(input: Buffer, region?: DescriptorRegion): Promise<Float32Array[]> {
  const { rgb, width, height } = await loadPixels(input, region);
  const n = width * height;
  const blocks: Float32Array[] = [];

  labTable ??= labBinTable(LAB_SPEC);
  blocks.push(unitBlock(labHistogramFromTable(rgb, n, labTable, LAB_DIMS), BLOCK_LAYOUT[0]!.power));

  // Radii are pooled within an octave but octaves stay separate: concatenating them kept more of the
  // texture's scale signature (0.745 vs 0.72 alone) than summing them.
  const octaves = new Float32Array(CLBP_DIMS);
  pyramid(standardisedLuma(rgb, width, height)).forEach((level, k) => {
    for (const r of CLBP_RADII) {
      const h = clbp(level, r, k === 0 ? FINE_OCTAVE_STEP : 1);
      for (let i = 0; i < CLBP_BINS; i++) octaves[k * CLBP_BINS + i]! += h[i]!;
    }
  });
  blocks.push(unitBlock(octaves, BLOCK_LAYOUT[1]!.power));
  return blocks;
}

/** Concatenates unit blocks scaled by their weights and normalises the whole to unit length. */
export function assemble(blocks: ReadonlyArray<Float32Array>, weights: ReadonlyArray<number>): Float32Array {
  const out = new Float32Array(blocks.reduce((s, b) => s + b.length, 0));
  let offset = 0;
  blocks.forEach((b, i) => {
    const w = weights[i] ?? 0;
    for (let k = 0; k < b.length; k++) out[offset + k] = b[k]! * w;
    offset += b.length;
  });
  return l2normalise(out);
}

export async function computeDescriptor(input: Buffer, region?: DescriptorRegion): Promise<Float32Array> {
  return assemble(
    await computeBlocks(input, region),
    BLOCK_LAYOUT.map((b) => b.weight),
  );
}
