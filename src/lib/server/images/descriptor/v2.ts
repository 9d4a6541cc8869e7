/**
 * Descriptor version 2, kept so that search answers from the stored v2 vectors while a site that upgraded describes
 * its pictures again (docs/product/search.md#descriptors): a Lab color histogram (lightness included, so exposure
 * and white balance move it) and the texture block that version 3 keeps.
 */
import { labBinTable, labHistogramFromTable } from './blocks/color';
import { clbpOctaves, TEXTURE_DIMS } from './blocks/texture';
import { loadPixels, type DescriptorRegion, type Pixels } from './pixels';
import { assemble, unitBlock } from './vector';

const LAB_SPEC = { lBins: 4, abBins: 8, abRange: 40 } as const;
const LAB_DIMS = LAB_SPEC.lBins * LAB_SPEC.abBins * LAB_SPEC.abBins;
export const DESCRIPTOR_V2_DIMENSIONS = LAB_DIMS + TEXTURE_DIMS;

let labTable: Uint16Array | undefined;

export function descriptorV2Of({ rgb, width, height }: Pixels): Float32Array {
  labTable ??= labBinTable(LAB_SPEC);
  const color = unitBlock(labHistogramFromTable(rgb, width * height, labTable, LAB_DIMS), 0.5);
  const texture = unitBlock(clbpOctaves(rgb, width, height), 0.3);
  return assemble([color, texture], [0.5, 1]);
}

export async function computeDescriptorV2(input: Buffer, region?: DescriptorRegion): Promise<Float32Array> {
  return descriptorV2Of(await loadPixels(input, region));
}
