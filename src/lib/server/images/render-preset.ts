import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { dataDir } from '../env';
import { requireObject } from '../storage';
import { writeFileAtomically } from '../storage/write-file-atomically';
import { DERIVATIVE_QUALITY, IMAGE_MAX_PIXELS, IMAGE_PRESETS, type ImageFormat, type ImagePreset } from './presets';

export type Derivative = { file: string; bytes: number };

/** Renders in progress, so concurrent requests for one derivative do the work once (per process). */
const inFlight = new Map<string, Promise<Derivative>>();

/** Where one image's derivatives are cached. */
export function derivativeDir(imageId: number): string {
  return path.join(dataDir(), 'cache', 'img', String(imageId));
}

export function derivativeFile(imageId: number, preset: ImagePreset, format: ImageFormat): string {
  return path.join(derivativeDir(imageId), `${preset}.${format}`);
}

/**
 * One preset (docs/product/constants.md) of a stored image, as a file in the derivative cache (`<dataDir>/cache/img/<id>/<preset>.<fmt>`):
 * auto-oriented, resized to the preset width (never up, aspect kept), metadata stripped, webp or jpg. Made on first
 * request; the cache is disposable (delete it to re-render, e.g. after changing the encoder settings).
 */
export async function renderPreset(image: { id: number; storageKey: string }, preset: ImagePreset, format: ImageFormat): Promise<Derivative> {
  const file = derivativeFile(image.id, preset, format);
  const cached = await statFile(file);
  if (cached) return { file, bytes: cached };
  const key = `${image.id}/${preset}.${format}`;
  let job = inFlight.get(key);
  if (!job) {
    job = render(image.storageKey, file, preset, format).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  return job;
}

async function render(storageKey: string, file: string, preset: ImagePreset, format: ImageFormat): Promise<Derivative> {
  const original = await requireObject(storageKey);
  const body = await derive(original, IMAGE_PRESETS[preset], format);
  await writeFileAtomically(file, body);
  return { file, bytes: body.length };
}

/** The derivative's bytes (also what the thumbnail benchmark measures). */
export function derive(original: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const pipeline = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS }).autoOrient().resize({ width, withoutEnlargement: true });
  return (format === 'webp' ? pipeline.webp(DERIVATIVE_QUALITY.webp) : pipeline.jpeg(DERIVATIVE_QUALITY.jpg)).toBuffer();
}

async function statFile(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
