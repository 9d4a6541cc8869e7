/**
 * Image descriptor for "find this material from another photo" (DESIGN §6 Search, "Image:").
 * Pure: bytes in, unit-length Float32Array out. Ranking by plain Euclidean distance (pgvector `<->`) or inner
 * product on these vectors is exactly what bench/image-search-precision.ts measures, so every per-block
 * normalisation and weight is baked into the vector here rather than applied at query time.
 */
import { loadPixels, type DescriptorRegion } from './pixels';
import { halve, rescale, standardisedLuma, type Plane } from './blocks/image';
import { clbp } from './blocks/lbp';
import { labHistogram, toLab } from './blocks/colour';

export type { DescriptorRegion };

export const DESCRIPTOR_VERSION = 1;

const LAB_SPEC = { lBins: 4, abBins: 8, abRange: 40 } as const;
const LAB_DIMS = LAB_SPEC.lBins * LAB_SPEC.abBins * LAB_SPEC.abBins;
const CLBP_DIMS = 200;
const CLBP_RADII = [1, 2, 3] as const;

type Block = { dims: number; weight: number };
const BLOCKS: Block[] = [
  { dims: LAB_DIMS, weight: 1 },
  { dims: CLBP_DIMS, weight: 1 },
];

export const DESCRIPTOR_DIMENSIONS = BLOCKS.reduce((s, b) => s + b.dims, 0);

/**
 * Square root (Hellinger) before L2 so Euclidean distance between histograms behaves like a Hellinger
 * distance, which lets many small bins count against a few dominant ones.
 */
function unitBlock(values: Float32Array): Float32Array {
  const out = new Float32Array(values.length);
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.sqrt(Math.max(0, values[i]!));
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
    // A blank image has no texture; a fixed unit vector keeps the output valid for the index.
    v.fill(1 / Math.sqrt(v.length));
    return v;
  }
  const inv = 1 / Math.sqrt(ss);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/** Half-octave pyramid: photos of one material are taken at different distances, so texture is pooled over scale. */
function pyramid(base: Plane): Plane[] {
  const h1 = halve(base);
  return [base, rescale(base, Math.SQRT1_2), h1, rescale(h1, Math.SQRT1_2)];
}

/** Block names in vector order, with the weight each block's unit vector is scaled by. */
export const BLOCK_LAYOUT: ReadonlyArray<{ name: string; dims: number; weight: number }> = [
  { name: 'lab-histogram', dims: LAB_DIMS, weight: BLOCKS[0]!.weight },
  { name: 'clbp-pyramid', dims: CLBP_DIMS, weight: BLOCKS[1]!.weight },
];

/**
 * Every block as its own unit vector, unweighted. Exported for the precision benchmark, which re-tunes the
 * block weights on one half of the texture set and scores them on the other.
 */
export async function computeBlocks(input: Buffer, region?: DescriptorRegion): Promise<Float32Array[]> {
  const { rgb, width, height } = await loadPixels(input, region);
  const n = width * height;
  const blocks: Float32Array[] = [];

  const lab = toLab(rgb, n);
  blocks.push(unitBlock(labHistogram(lab, LAB_SPEC)));

  const pooled = new Float32Array(CLBP_DIMS);
  for (const level of pyramid(standardisedLuma(rgb, width, height))) {
    for (const r of CLBP_RADII) {
      const h = clbp(level, r);
      for (let i = 0; i < CLBP_DIMS; i++) pooled[i]! += h[i]!;
    }
  }
  blocks.push(unitBlock(pooled));
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
