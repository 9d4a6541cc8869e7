import sharp, { type Metadata } from 'sharp';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { ACCEPTED_IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, type AcceptedImageFormat } from './presets';

export interface CheckedImage {
  format: AcceptedImageFormat;
  /** After EXIF orientation, as derivatives are drawn (`renderPreset` auto-orients). */
  width: number;
  height: number;
}

/** Messages are i18n keys: the API answers them in the caller's language. */
const rejected = (code: number, message: string) => new AppError(code, { message, fields: [{ field: 'file', message }] });

/**
 * Whether `input` may be kept as an original picture (docs/product/constants.md#images-and-uploads): really a jpeg,
 * png or webp (its decoded header, not its name), at most 5 MB and 40 megapixels, and decodable to its end. Every
 * refusal is an `AppError` whose message names the reason; the header is read before any pixel is decoded.
 */
export async function checkImage(input: Buffer): Promise<CheckedImage> {
  if (input.length === 0) throw rejected(ERROR.fieldInvalid, 'validation.imageEmpty');
  if (input.length > IMAGE_MAX_BYTES) throw rejected(ERROR.fieldTooLong, 'validation.imageTooLarge');

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected(ERROR.fieldInvalid, 'validation.imageNotImage');
  }
  const format = meta.format as string;
  if (!Object.hasOwn(ACCEPTED_IMAGE_FORMATS, format)) throw rejected(ERROR.fieldInvalid, 'validation.imageFormat');
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw rejected(ERROR.fieldInvalid, 'validation.imageNoSize');
  if (width * height > IMAGE_MAX_PIXELS) throw rejected(ERROR.fieldTooLong, 'validation.imageTooManyPixels');
  // The header can lie about the rest of the file: decode it once (bounded by the pixel cap) before keeping it.
  try {
    await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw rejected(ERROR.fieldInvalid, 'validation.imageDamaged');
  }
  return { format: format as AcceptedImageFormat, width, height };
}
