/**
 * What the material-file readers share: maps checked as pictures before anything is stored, the mean of
 * a base color map as the color a file proposes (as the U3M reader computes it), paths a file names checked to stay
 * inside its archive, and the uploaded name a color card falls back to.
 */
import path from 'node:path/posix';
import sharp, { type ChannelStats, type Metadata } from 'sharp';
import type { Rgb } from './material-file';
import type { RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError } from './parse-codes';

/**
 * A map's pixels at most: 8192² ("8K", the largest maps materials are made with). It bounds what decoding one map
 * costs a reading or a render, and a larger map is a size error (-2) named as such, not a failure of the decoder.
 */
export const MAP_MAX_PIXELS = 8192 * 8192;

/** The picture formats a map may be, by sharp's name for them, with the extension and type it is stored under. */
export const MAP_FORMATS = {
  png: { ext: 'png', mime: 'image/png' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  tiff: { ext: 'tif', mime: 'image/tiff' },
} as const;
export type MapFormat = keyof typeof MAP_FORMATS;

/**
 * A map checked from its header, before anything is stored: a picture in one of `MAP_FORMATS` (else a format error)
 * of at most `MAP_MAX_PIXELS` (else a size error). Only the header is read, so the check costs the same at any size.
 */
export async function checkMap(bytes: Buffer, what: string): Promise<{ width: number; height: number; format: MapFormat }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new MaterialFileError(FILE_CODES.formatError, `${what} is not a readable picture: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { width, height, format } = meta;
  if (!width || !height) throw new MaterialFileError(FILE_CODES.formatError, `${what} is a picture without a size`);
  if (!Object.hasOwn(MAP_FORMATS, format)) throw new MaterialFileError(FILE_CODES.formatError, `${what} is in ${format || 'an unknown'} format (png, jpeg, webp or tiff are read)`);
  if (width * height > MAP_MAX_PIXELS) throw new MaterialFileError(FILE_CODES.sizeError, `${what} is ${width} × ${height} pixels, more than ${MAP_MAX_PIXELS}`);
  return { width, height, format: format as MapFormat };
}

/**
 * A base color map's mean, in linear RGB (the mean of the sRGB values, then linearised, as the U3M reader does).
 * Its header is checked first (`checkMap`); pixels that then cannot be decoded are a format error.
 */
export async function meanColor(bytes: Buffer, what: string): Promise<Rgb> {
  await checkMap(bytes, what);
  let channels: ChannelStats[];
  try {
    ({ channels } = await sharp(bytes, { limitInputPixels: MAP_MAX_PIXELS }).removeAlpha().toColourspace('srgb').stats());
  } catch (err) {
    throw new MaterialFileError(FILE_CODES.formatError, `${what} cannot be decoded: ${err instanceof Error ? err.message : String(err)}`);
  }
  // A damaged header can decode to no channels at all, rather than fail.
  if (channels.length === 0) throw new MaterialFileError(FILE_CODES.formatError, `${what} decodes to no color channels`);
  const [r, g, b] = [0, 1, 2].map((i) => srgbToLinear((channels[Math.min(i, channels.length - 1)]!.mean ?? 0) / 255));
  return { r: r!, g: g!, b: b! };
}

export const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** `#rrggbb` (any case, the `#` optional) as linear RGB; null when it is no such hex. */
export function linearOfHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => srgbToLinear(Number.parseInt(h, 16) / 255));
  return { r: r!, g: g!, b: b! };
}

/** Dots per inch of a tile `pixels` wide covering `cm`; 0 when the size is unknown. */
export function dpiOf(pixels: number, cm: number): number {
  return cm > 0 ? Math.round((pixels / cm) * 2.54) : 0;
}

/** The uploaded name without its folders and extension. */
export function stem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.[^.]*$/, '').trim() || 'material';
}

export async function readRange(source: RangeSource, start: number, end: number): Promise<Buffer> {
  try {
    return await source.read(start, end);
  } catch (err) {
    throw new MaterialFileError(FILE_CODES.readFailed, err instanceof Error ? err.message : String(err));
  }
}

/** `mapPath` joined to `folder` (of the entry that names it); a path that would leave the archive is a format error. */
export function insidePath(folder: string, mapPath: string): string {
  const slashed = mapPath.replace(/\\/g, '/');
  const joined = path.normalize(path.join(folder, slashed));
  if (slashed.startsWith('/') || /^[a-z]:/i.test(slashed) || joined === '..' || joined.startsWith('../')) {
    throw new MaterialFileError(FILE_CODES.formatError, `map path ${mapPath} leaves the archive`);
  }
  return joined;
}
