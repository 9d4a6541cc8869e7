import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { rememberPromise } from '../../remember-promise';
import { hashString } from './fields';
import { GENERATORS } from './generators';
import { isTextureKind, type TextureKind } from './kinds';
import { recolor } from './recolor';
import type { TextureMap } from './surface';

/** Distinct base maps per kind; the seed picks one. */
export const TEXTURE_VARIANTS = 3;

/** Base maps by kind, variant and size (the slow part), kept while they fit in 128 MB. */
const maps = new LRUCache<string, Promise<TextureMap>>({ maxSize: 128 * 1024 * 1024, sizeCalculation: (_v, key) => Number(key.split(':')[3]) * 3 });

/** Forget every cached base map (tests: prove a map is rebuilt identically). */
export function clearTextureMaps(): void {
  maps.clear();
}

/** The color-free map of a kind's variant at `width`x`height`; `scale` 1 draws features as on an 800 px swatch. */
export function textureMap(kind: TextureKind, variant: number, width: number, height: number, scale: number): Promise<TextureMap> {
  const v = ((variant % TEXTURE_VARIANTS) + TEXTURE_VARIANTS) % TEXTURE_VARIANTS;
  const key = `${kind}:${v}:${scale}:${width * height}:${width}x${height}`;
  return rememberPromise(maps, key, () => {
    const seed = (hashString(kind) ^ Math.imul(v + 1, 0x9e3779b9)) >>> 0;
    return Promise.resolve().then(() => GENERATORS[kind]({ w: width, h: height, u: scale, seed, variant: v }));
  });
}

/** The texture as raw 8-bit RGB (for compositing), recolored to `hex`. */
export async function renderTextureRaw(kind: TextureKind, hex: string, seed: number, width: number, height: number, scale = width / 800): Promise<Buffer> {
  if (!isTextureKind(kind)) throw new Error(`Unknown texture kind: ${kind}`);
  return recolor(await textureMap(kind, seed, width, height, scale), hex);
}

/**
 * A square material swatch (JPEG) of `kind` in the color `hex` (#rrggbb). The same arguments give the same bytes;
 * the seed picks one of the kind's variants.
 */
export async function renderTexture(kind: TextureKind, hex: string, seed: number, size = 800): Promise<Buffer> {
  const raw = await renderTextureRaw(kind, hex, seed, size, size);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 82, chromaSubsampling: '4:2:0' }).toBuffer();
}
