import sharp, { type Sharp } from 'sharp';

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

export async function loadPixels(input: Buffer, region?: DescriptorRegion): Promise<Pixels> {
  let pipeline: Sharp;
  let width: number;
  let height: number;
  if (region) {
    // Region fractions refer to the auto-oriented image, so orient first and measure the result.
    const oriented = await sharp(input, { failOn: 'none' }).rotate().raw().toBuffer({ resolveWithObject: true });
    const fw = oriented.info.width;
    const fh = oriented.info.height;
    let w = Math.round(clamp(region.width, 0, 1) * fw);
    let h = Math.round(clamp(region.height, 0, 1) * fh);
    w = clamp(Math.max(w, MIN_REGION_PX), 1, fw);
    h = clamp(Math.max(h, MIN_REGION_PX), 1, fh);
    const left = clamp(Math.round(clamp(region.left, 0, 1) * fw), 0, fw - w);
    const top = clamp(Math.round(clamp(region.top, 0, 1) * fh), 0, fh - h);
    pipeline = sharp(oriented.data, { raw: { width: fw, height: fh, channels: oriented.info.channels } }).extract({ left, top, width: w, height: h });
    width = w;
    height = h;
  } else {
    const meta = await sharp(input, { failOn: 'none' }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    width = (swap ? meta.height : meta.width) ?? WORKING_SHORT_SIDE;
    height = (swap ? meta.width : meta.height) ?? WORKING_SHORT_SIDE;
    pipeline = sharp(input, { failOn: 'none' }).rotate();
  }
  const scale = WORKING_SHORT_SIDE / Math.min(width, height);
  let tw = Math.max(1, Math.round(width * scale));
  let th = Math.max(1, Math.round(height * scale));
  // Extreme panoramas are centre-cropped rather than squeezed, which would distort the texture scale.
  tw = Math.min(tw, WORKING_SHORT_SIDE * MAX_ASPECT);
  th = Math.min(th, WORKING_SHORT_SIDE * MAX_ASPECT);
  const { data, info } = await pipeline
    .resize({ width: tw, height: th, fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`descriptor: expected 3 channels, got ${info.channels}`);
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
