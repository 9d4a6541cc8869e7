/**
 * Images as pages and islands see them (isomorphic: no server imports). The server signs the URLs; clients only
 * render what they are given.
 */
import { z } from 'zod';
import { IMAGE_PRESETS, SIGNED_URL_TTL_S, type ImagePreset } from '../constants';

export { IMAGE_PRESETS, SIGNED_URL_TTL_S, type ImagePreset };

/** The presets (docs/product/constants.md), smallest first. */
export const IMAGE_PRESET_NAMES = (Object.keys(IMAGE_PRESETS) as ImagePreset[]).sort((a, b) => IMAGE_PRESETS[a] - IMAGE_PRESETS[b]);

/** Derivatives are served as webp when the browser takes it, else jpg (docs/product/constants.md). */
export const IMAGE_FORMATS = ['webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export const imagePresetSchema = z.enum(IMAGE_PRESET_NAMES as [ImagePreset, ...ImagePreset[]], { message: 'validation.invalidValue' });
export const imageFormatSchema = z.enum(IMAGE_FORMATS, { message: 'validation.invalidValue' });

/** The last path segment of a derivative: `<preset>.<format>`, e.g. `small.webp`. */
export const IMAGE_FILE_PATTERN = new RegExp(`^(${IMAGE_PRESET_NAMES.join('|')})\\.(${IMAGE_FORMATS.join('|')})$`);

/**
 * One image ready to render at one preset: the intrinsic size it is displayed at (aspect kept, never larger than
 * the original; always set on the `<img>` so nothing shifts while it loads), a jpg `src`, and 1x/2x candidates
 * in jpg and webp with `w` descriptors (the 2x candidate is the next larger preset).
 */
export const imageRefSchema = z
  .object({ width: z.number().int().positive(), height: z.number().int().positive(), src: z.string(), srcset: z.string(), webpSrcset: z.string() })
  .meta({ id: 'ImageRef' });
export type ImageRef = z.output<typeof imageRefSchema>;

/**
 * An image that may be missing. A union rather than `.nullable()`: the OpenAPI generator folds a nullable named
 * schema into the component itself, so whichever use it met first decided whether every `ImageRef` took null.
 */
export const imageRefOrNullSchema = z.union([imageRefSchema, z.null()]);

/** The displayed size of an image of `width`x`height` at `preset`: scaled down to the preset width, never up. */
export function presetSize(width: number, height: number, preset: ImagePreset): { width: number; height: number } {
  const target = IMAGE_PRESETS[preset];
  if (width <= target) return { width, height };
  return { width: target, height: Math.max(1, Math.round((height * target) / width)) };
}

/** The next larger preset (the 2x candidate); the largest is its own. */
export function nextLargerPreset(preset: ImagePreset): ImagePreset {
  const i = IMAGE_PRESET_NAMES.indexOf(preset);
  return IMAGE_PRESET_NAMES[Math.min(i + 1, IMAGE_PRESET_NAMES.length - 1)]!;
}

/** `/api/img/{id}/{file}`: an image by id, at a preset and in a format. */
export const imageFileParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  file: z
    .string()
    .regex(IMAGE_FILE_PATTERN, 'validation.invalidValue')
    .meta({ description: `<preset>.<format>: preset ${IMAGE_PRESET_NAMES.join(', ')}; format ${IMAGE_FORMATS.join(', ')}`, example: 'medium.webp' }),
});
/** The signature of an image URL: pages hand out signed URLs to whoever may see the image. */
export const signedImageQuerySchema = z.object({
  e: z.coerce.number().int().nonnegative().optional().meta({ description: 'Expiry, unix seconds' }),
  s: z.string().max(64).optional().meta({ description: 'Signature' }),
});
