import sharp from 'sharp';

export type DescriptorRegion = { left: number; top: number; width: number; height: number };

/** Decoded working image: interleaved 8-bit sRGB, no alpha. */
export type Pixels = { rgb: Uint8Array; width: number; height: number };

// The shorter side is normalised so texture statistics see a comparable pixel scale whether the source is a
// 331 px photo, a 1600 px product image or a small crop; the longer side is capped so cost stays bounded.
export const WORKING_SHORT_SIDE = 256;
const MAX_ASPECT = 2;
const MIN_REGION_PX = 16;

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export async function loadPixels(input: Buffer, region?: DescriptorRegion, shortSide = WORKING_SHORT_SIDE): Promise<Pixels> {
  const meta = await sharp(input, { failOn: 'none' }).metadata();
  // Regions are fractions of the image as displayed, i.e. after EXIF orientation.
  const fullWidth = meta.autoOrient.width;
  const fullHeight = meta.autoOrient.height;
  // autoOrient() is applied at load, so extract() below works in displayed coordinates, and a single pipeline
  // keeps JPEG shrink-on-load: a 40 MP upload is never decoded at full size.
  let pipeline = sharp(input, { failOn: 'none' }).autoOrient();
  let width = fullWidth;
  let height = fullHeight;
  if (region) {
    const minW = Math.min(MIN_REGION_PX, fullWidth);
    const minH = Math.min(MIN_REGION_PX, fullHeight);
    width = clamp(Math.round(clamp(region.width, 0, 1) * fullWidth), minW, fullWidth);
    height = clamp(Math.round(clamp(region.height, 0, 1) * fullHeight), minH, fullHeight);
    const left = clamp(Math.round(clamp(region.left, 0, 1) * fullWidth), 0, fullWidth - width);
    const top = clamp(Math.round(clamp(region.top, 0, 1) * fullHeight), 0, fullHeight - height);
    pipeline = pipeline.extract({ left, top, width, height });
  }
  const scale = shortSide / Math.min(width, height);
  // Extreme panoramas are centre-cropped rather than squeezed, which would distort the texture's scale.
  const targetWidth = Math.min(Math.max(1, Math.round(width * scale)), shortSide * MAX_ASPECT);
  const targetHeight = Math.min(Math.max(1, Math.round(height * scale)), shortSide * MAX_ASPECT);
  const { data, info } = await pipeline
    .resize({ width: targetWidth, height: targetHeight, fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .toColorspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`descriptor: expected 3 channels, got ${info.channels}`);
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The same picture at another working size, resampled from the decoded pixels rather than decoded again. */
export async function resizePixels(pixels: Pixels, shortSide: number): Promise<Pixels> {
  const scale = shortSide / Math.min(pixels.width, pixels.height);
  const { data, info } = await sharp(pixels.rgb, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .resize({ width: Math.max(1, Math.round(pixels.width * scale)), height: Math.max(1, Math.round(pixels.height * scale)), fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
