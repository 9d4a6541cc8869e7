import sharp from 'sharp';
import type { TextureKind } from './kinds';
import { renderTextureRaw } from './render-texture';

const WIDTH = 1600;
const HEIGHT = 400;

/**
 * A storefront banner (JPEG, 1600 x 400): a strip of the material texture in `hex`, darkened softly towards the left
 * (where a page sets the company name) and at the edges.
 */
export async function renderBanner(hex: string, kind: TextureKind, seed: number): Promise<Buffer> {
  // Features drawn at the scale of an 800 px swatch: the banner shows more of the material, not bigger threads.
  const raw = await renderTextureRaw(kind, hex, seed, WIDTH, HEIGHT, 1);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.5"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.12"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="top" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.1"/>
      <stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#side)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#top)"/>
</svg>`;
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 82 })
    .toBuffer();
}
