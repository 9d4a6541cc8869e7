/**
 * How originals are accepted and derivatives made (docs/product/constants.md). Preset names and widths are isomorphic and live in
 * `contracts/images.ts`; what only the server needs is here.
 */
export { IMAGE_FORMATS, IMAGE_PRESETS, IMAGE_PRESET_NAMES, type ImageFormat, type ImagePreset } from '../../contracts/images';

/** Originals: docs/product/constants.md "images 5 MB"; decoding is refused above this many pixels (a small file can be a huge image). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * How long a photo stored only to search with is kept after its last search (docs/product/constants.md): its result
 * pages need it while they are read; after that, `prune-query-photos` deletes it.
 */
export const QUERY_PHOTO_RETENTION_HOURS = 24;

/** Formats an original may have, by sharp's name for them, with the extension of its storage key. */
export const ACCEPTED_IMAGE_FORMATS = { jpeg: { ext: 'jpg', mime: 'image/jpeg' }, png: { ext: 'png', mime: 'image/png' }, webp: { ext: 'webp', mime: 'image/webp' } } as const;
export type AcceptedImageFormat = keyof typeof ACCEPTED_IMAGE_FORMATS;

/** Encoder settings of the derivatives. Changing them changes the bytes: bump DERIVATIVE_VERSION (ETags, cache). */
export const DERIVATIVE_QUALITY = { webp: { quality: 80, effort: 1 }, jpg: { quality: 80, mozjpeg: true } } as const;
export const DERIVATIVE_VERSION = 1;
