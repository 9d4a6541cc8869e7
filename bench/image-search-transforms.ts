/**
 * How a photo of a material differs from its catalogue picture, as transforms of the picture: exposure, white
 * balance, a crop of the middle (a close-up: the texture looks coarser), size, rotation, compression and focus.
 * Each returns encoded image bytes, as an upload would arrive.
 */
import sharp, { type Sharp } from 'sharp';

export type PhotoTransform = { name: string; apply: (bytes: Buffer) => Promise<Buffer> };

const png = (s: Sharp) => s.png({ compressionLevel: 1 }).toBuffer();

async function centreCrop(bytes: Buffer, share: number): Promise<Buffer> {
  const { width, height } = await sharp(bytes).metadata();
  const w = Math.round(width * share);
  const h = Math.round(height * share);
  return png(sharp(bytes).extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h }));
}

async function scale(bytes: Buffer, factor: number): Promise<Buffer> {
  const { width, height } = await sharp(bytes).metadata();
  return png(sharp(bytes).resize(Math.round(width * factor), Math.round(height * factor)));
}

// sRGB values scaled as a camera's exposure scales them; channels clip at 255 as a camera's do.
const brightness = (k: number) => (bytes: Buffer) => png(sharp(bytes).linear(k, 0));
const whiteBalance = (r: number, b: number) => (bytes: Buffer) => png(sharp(bytes).recomb([[r, 0, 0], [0, 1, 0], [0, 0, b]]));

export const PHOTO_TRANSFORMS: PhotoTransform[] = [
  { name: 'brightness x0.6', apply: brightness(0.6) },
  { name: 'brightness x0.8', apply: brightness(0.8) },
  { name: 'brightness x1.25', apply: brightness(1.25) },
  { name: 'white balance R x1.1 B x0.9', apply: whiteBalance(1.1, 0.9) },
  { name: 'white balance R x0.9 B x1.1', apply: whiteBalance(0.9, 1.1) },
  { name: 'centre crop 70%', apply: (b) => centreCrop(b, 0.7) },
  { name: 'centre crop 50%', apply: (b) => centreCrop(b, 0.5) },
  { name: 'half size', apply: (b) => scale(b, 0.5) },
  { name: 'double size', apply: (b) => scale(b, 2) },
  { name: 'rotate 90°', apply: (b) => png(sharp(b).rotate(90)) },
  { name: 'JPEG quality 40', apply: (b) => sharp(b).jpeg({ quality: 40 }).toBuffer() },
  { name: 'slight blur (sigma 1)', apply: (b) => png(sharp(b).blur(1)) },
];
