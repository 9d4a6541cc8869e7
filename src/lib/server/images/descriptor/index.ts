/**
 * Image descriptor for "find this material from another photo" (docs/product/search.md#descriptors).
 * Pure: bytes in, unit-length Float32Array out. Ranking by plain Euclidean distance (pgvector `<->`) or inner
 * product on these vectors is exactly what bench/image-search-precision.ts measures, so every per-block
 * normalisation and weight is baked into the vector here rather than applied at query time.
 *
 * Version 3 answers photos as they are taken: its color ignores exposure and white balance (blocks/chroma.ts), and
 * a photo is searched at several working sizes (`computeQueryDescriptors`), so a close-up or a crop meets the
 * catalogue picture at the scale its texture was described at.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { chromaDims, chromaHistograms, type ChromaSpec } from './blocks/chroma';
import { smoothedClbpOctaves, TEXTURE_DIMS } from './blocks/texture';
import { loadPixels, resizePixels, WORKING_SHORT_SIDE, type DescriptorRegion, type Pixels } from './pixels';
import { assemble, unitBlock } from './vector';

export type { DescriptorRegion, Pixels };
export { loadPixels };

export const DESCRIPTOR_VERSION = 3;

const CHROMA: ChromaSpec = { bins: 12, range: 0.9 };

/** Block names in vector order, with the weight each block's unit vector is scaled by and its power. */
export const BLOCK_LAYOUT: ReadonlyArray<{ name: string; dims: number; weight: number; power: number }> = [
  { name: 'relative-color', dims: chromaDims(CHROMA), weight: 0.5, power: 0.5 },
  // Small: a white-balance shift moves it, and one would otherwise outrank the same material.
  { name: 'absolute-color', dims: chromaDims(CHROMA), weight: 0.15, power: 0.5 },
  { name: 'clbp-octaves', dims: TEXTURE_DIMS, weight: 0.8, power: 0.5 },
];

export const DESCRIPTOR_DIMENSIONS = BLOCK_LAYOUT.reduce((s, b) => s + b.dims, 0);

/**
 * The working sizes (short side, px) a photo is searched at, each with the squared-distance penalty its matches
 * carry. Catalogue pictures are described at 256; a photo described at 128 matches one whose texture is twice as
 * coarse, which is what a close-up or a half-size crop of the catalogue picture is. Smallest first: the cheapest to
 * describe, so its search starts while the larger ones are described (`queryDescriptorsOf`).
 */
export const QUERY_SCALES: ReadonlyArray<{ shortSide: number; penalty: number }> = [
  { shortSide: WORKING_SHORT_SIDE / 2, penalty: 0 },
  { shortSide: Math.round(WORKING_SHORT_SIDE / Math.SQRT2), penalty: 0 },
  { shortSide: WORKING_SHORT_SIDE, penalty: 0 },
];

export type QueryDescriptor = { vector: Float32Array; penalty: number };

function colorBlocks(pixels: Pixels): Float32Array[] {
  const { relative, absolute } = chromaHistograms(pixels.rgb, pixels.width * pixels.height, CHROMA);
  return [unitBlock(relative, BLOCK_LAYOUT[0]!.power), unitBlock(absolute, BLOCK_LAYOUT[1]!.power)];
}

const textureBlock = (pixels: Pixels): Float32Array => smoothedClbpOctaves(pixels.rgb, pixels.width, pixels.height, BLOCK_LAYOUT[2]!.power);

const WEIGHTS = BLOCK_LAYOUT.map((b) => b.weight);

/**
 * Every block of a picture's working pixels as its own unit vector, unweighted. Exported for the precision
 * benchmark, which re-tunes the block weights on one half of the texture set and scores them on the other.
 */
export function blocksOf(pixels: Pixels): Float32Array[] {
  return [...colorBlocks(pixels), textureBlock(pixels)];
}

/** A catalogue picture's descriptor, from its working pixels (`loadPixels`). */
export function descriptorOf(pixels: Pixels): Float32Array {
  return assemble(blocksOf(pixels), WEIGHTS);
}

/** A catalogue picture's descriptor, from its file. */
export async function computeDescriptor(input: Buffer, region?: DescriptorRegion): Promise<Float32Array> {
  return descriptorOf(await loadPixels(input, region));
}

/**
 * A photo's blocks: the color blocks once (color does not depend on the scale) and the texture block at each query
 * scale. Exported for the precision benchmark.
 */
export async function queryBlocksOf(pixels: Pixels): Promise<{ color: Float32Array[]; textures: Float32Array[] }> {
  const textures: Float32Array[] = [];
  for (const { shortSide } of QUERY_SCALES) textures.push(textureBlock(await pixelsAt(pixels, shortSide)));
  return { color: colorBlocks(pixels), textures };
}

const pixelsAt = (pixels: Pixels, shortSide: number): Promise<Pixels> | Pixels =>
  shortSide === WORKING_SHORT_SIDE ? pixels : resizePixels(pixels, shortSide);

/**
 * A photo's descriptors, one per query scale with its penalty, from its working pixels. Each is its own promise,
 * settled as soon as it is computed, so the search with one runs while the main thread computes the next. Each
 * waits a turn of the event loop first: whoever waits on the one before can then send its search.
 */
export function queryDescriptorsOf(pixels: Pixels): Promise<QueryDescriptor>[] {
  let before: Promise<unknown> = Promise.resolve();
  let color: Float32Array[] | undefined;
  return QUERY_SCALES.map(({ shortSide, penalty }) => {
    const described = before.then(async () => {
      await nextTurn();
      color ??= colorBlocks(pixels);
      return { vector: assemble([...color, textureBlock(await pixelsAt(pixels, shortSide))], WEIGHTS), penalty };
    });
    before = described;
    return described;
  });
}

/** A photo's descriptors, from its file. */
export async function computeQueryDescriptors(input: Buffer, region?: DescriptorRegion): Promise<QueryDescriptor[]> {
  return Promise.all(queryDescriptorsOf(await loadPixels(input, region)));
}

export { assemble };
