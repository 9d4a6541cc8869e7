/**
 * What the xTex, color-card and ADMF readers share: maps checked as pictures before anything is stored, the mean of
 * a base color map as the color a file proposes (as the U3M reader computes it), paths a file names checked to stay
 * inside its archive, and the uploaded name a color card falls back to.
 */
import path from 'node:path/posix';
import sharp from 'sharp';
import type { Rgb } from './material-file';
import type { RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError } from './parse-codes';

/** Wider than any real map (16384² is 8 m of cloth at 50 dpi) and small enough that sharp refuses a decompression bomb. */
const MAX_PIXELS = 16384 * 16384;

/** A map's size in pixels; anything sharp cannot read as a picture is a format error. */
export async function pictureSize(bytes: Buffer, what: string): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch (err) {
    throw new MaterialFileError(FILE_CODES.formatError, `${what} is not a readable picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A base color map's mean, in linear RGB (the mean of the sRGB values, then linearised, as the U3M reader does). */
export async function meanColor(bytes: Buffer): Promise<Rgb> {
  const { channels } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).removeAlpha().toColourspace('srgb').stats();
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
