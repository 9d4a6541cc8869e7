/**
 * The pictures a color card's render produces (docs/product/material-files.md#rendering), drawn from the material
 * file's maps with sharp and a small software shader of our own: no GPU, no 3D library on the server.
 *
 * - `swatch`: the base color map recoloured to the card's color (also the base color the 3D preview uses);
 * - `preview`: a lit sphere 20 cm across wearing the material at its physical scale;
 * - `crease`: a 30 cm piece with a fold across it, lit from the side so the surface shows;
 * - `previewWithRuler`: a 20 cm piece seen flat, with centimetre rulers along two edges.
 *
 * Recolouring keeps the map's texture and moves its mean color to the card's: each texel's light (luminance, in
 * linear light) over the map's mean light, times the card's color. A file without a base color map renders the
 * card's flat color, shaded by its normal map when it has one.
 */
import sharp from 'sharp';
import { linearOfHex, MAP_MAX_PIXELS, srgbToLinear } from './read-shared';

/** The largest side the maps are worked at: enough for a 1024 px preview, and it bounds a job's memory. */
export const WORK_SIZE = 1024;
const PREVIEW_SIZE = 512;
const CREASE = { width: 640, height: 480, pieceCm: 30 };
const RULER = { size: 640, pieceCm: 20, margin: 56, pad: 16 };
const SPHERE_CM = 20;
const JPEG = { quality: 86, mozjpeg: true } as const;

export interface RenderInput {
  /** The card's color, `#rrggbb`. */
  hex: string;
  /** Encoded maps as the file holds them (any format sharp reads), when the file has them and the settings use them. */
  basecolor: Buffer | null;
  normal: Buffer | null;
  /** Roughness 0–1 for the shading: the map's mean or the file's constant; 0.8 (a matte cloth) when unknown. */
  roughness: number | null;
  /** Physical size of one tile, centimetres. */
  tileCm: { width: number; height: number };
}

export interface RenderedPreviews {
  swatch: Buffer;
  preview: Buffer;
  crease: Buffer;
  previewWithRuler: Buffer;
}

/** A texture in linear light, RGB floats, row-major. */
interface Texture {
  width: number;
  height: number;
  rgb: Float32Array;
}

const TO_LINEAR = new Float32Array(256).map((_, i) => srgbToLinear(i / 255));

function toSrgbByte(linear: number): number {
  const c = linear <= 0 ? 0 : linear >= 1 ? 1 : linear;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

export function hexToLinear(hex: string): [number, number, number] {
  const { r, g, b } = linearOfHex(hex) ?? { r: 0, g: 0, b: 0 };
  return [r, g, b];
}

async function decode(bytes: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAP_MAX_PIXELS })
    .removeAlpha()
    .toColourspace('srgb')
    .resize(WORK_SIZE, WORK_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The base color map recoloured to `hex` (see the module note), or a flat tile of it. */
export async function recolor(basecolor: Buffer | null, hex: string): Promise<Texture> {
  const [r, g, b] = hexToLinear(hex);
  if (!basecolor) {
    const size = 64;
    const rgb = new Float32Array(size * size * 3);
    for (let i = 0; i < size * size; i += 1) rgb.set([r, g, b], i * 3);
    return { width: size, height: size, rgb };
  }
  const { width, height, data } = await decode(basecolor);
  const count = width * height;
  const light = new Float32Array(count);
  let sum = 0;
  for (let i = 0; i < count; i += 1) {
    const y = 0.2126 * TO_LINEAR[data[i * 3]!]! + 0.7152 * TO_LINEAR[data[i * 3 + 1]!]! + 0.0722 * TO_LINEAR[data[i * 3 + 2]!]!;
    light[i] = y;
    sum += y;
  }
  // A black map has no light to keep: it becomes the flat color.
  const mean = sum / count;
  const rgb = new Float32Array(count * 3);
  for (let i = 0; i < count; i += 1) {
    const k = mean > 1e-4 ? light[i]! / mean : 1;
    rgb[i * 3] = r * k;
    rgb[i * 3 + 1] = g * k;
    rgb[i * 3 + 2] = b * k;
  }
  return { width, height, rgb };
}

/** Tangent-space normals (x right, y up, z out) from a normal map; null when there is none. */
async function normals(normal: Buffer | null): Promise<Texture | null> {
  if (!normal) return null;
  const { width, height, data } = await decode(normal);
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const x = data[i * 3]! / 127.5 - 1;
    const y = data[i * 3 + 1]! / 127.5 - 1;
    const z = data[i * 3 + 2]! / 127.5 - 1;
    const len = Math.hypot(x, y, z) || 1;
    rgb[i * 3] = x / len;
    rgb[i * 3 + 1] = y / len;
    rgb[i * 3 + 2] = z / len;
  }
  return { width, height, rgb };
}

/** The color at (u, v) in tiles (repeating), blended from the four nearest texels; writes into `out`. */
function sample(t: Texture, u: number, v: number, out: number[]): void {
  const fx = (u - Math.floor(u)) * t.width - 0.5;
  const fy = (v - Math.floor(v)) * t.height - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const x1 = (x0 + 1 + t.width) % t.width;
  const y1 = (y0 + 1 + t.height) % t.height;
  const xa = (x0 + t.width) % t.width;
  const ya = (y0 + t.height) % t.height;
  const i00 = (ya * t.width + xa) * 3;
  const i10 = (ya * t.width + x1) * 3;
  const i01 = (y1 * t.width + xa) * 3;
  const i11 = (y1 * t.width + x1) * 3;
  for (let c = 0; c < 3; c += 1) {
    const top = t.rgb[i00 + c]! * (1 - ax) + t.rgb[i10 + c]! * ax;
    const bottom = t.rgb[i01 + c]! * (1 - ax) + t.rgb[i11 + c]! * ax;
    out[c] = top * (1 - ay) + bottom * ay;
  }
}

/**
 * The texture averaged down so one texel is about one output pixel: a view that fits many tiles into a few hundred
 * pixels would otherwise pick scattered texels and show moiré instead of the weave.
 */
export function atDensity(t: Texture, texelsPerPixel: number): Texture {
  const k = Math.floor(texelsPerPixel);
  if (k < 2) return t;
  const width = Math.max(1, Math.floor(t.width / k));
  const height = Math.max(1, Math.floor(t.height / k));
  const rgb = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < k; dy += 1) {
        for (let dx = 0; dx < k; dx += 1) {
          const i = ((y * k + dy) * t.width + x * k + dx) * 3;
          r += t.rgb[i]!;
          g += t.rgb[i + 1]!;
          b += t.rgb[i + 2]!;
        }
      }
      rgb.set([r / (k * k), g / (k * k), b / (k * k)], (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

/** Both textures at the density a view needs, `pxPerTile` being how many output pixels one tile spans. */
function forView(albedo: Texture, normalMap: Texture | null, pxPerTile: number): [Texture, Texture | null] {
  return [atDensity(albedo, albedo.width / pxPerTile), normalMap ? atDensity(normalMap, normalMap.width / pxPerTile) : null];
}

function encode(pixels: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg(JPEG).toBuffer();
}

const normalize = (v: [number, number, number]): [number, number, number] => {
  const len = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / len, v[1] / len, v[2] / len];
};
const LIGHT = normalize([-0.45, 0.6, 0.66]);
const VIEW: [number, number, number] = [0, 0, 1];
const HALF = normalize([LIGHT[0] + VIEW[0], LIGHT[1] + VIEW[1], LIGHT[2] + VIEW[2]]);

/** Light reflected toward the viewer by a surface with normal n (world space): key light, sky fill, a soft highlight. */
function shade(n: [number, number, number], roughness: number): { diffuse: number; specular: number } {
  const facing = n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2];
  // Light wraps a little past the terminator, as it does through cloth fibres, so the shadow edge is soft.
  const lambert = Math.max(0, (facing + 0.25) / 1.25);
  const sky = 0.5 + 0.5 * n[1];
  const diffuse = 0.22 + 0.8 * lambert + 0.2 * sky;
  const smooth = 1 - Math.min(1, Math.max(0, roughness));
  const exponent = 4 + 120 * smooth * smooth;
  const nh = Math.max(0, n[0] * HALF[0] + n[1] * HALF[1] + n[2] * HALF[2]);
  // Faded in over the terminator rather than cut at it, so it leaves no edge.
  const specular = (0.03 + 0.5 * smooth * smooth * nh ** exponent) * Math.min(1, Math.max(0, facing * 4));
  return { diffuse, specular };
}

/** Tilts the world normal n by a tangent-space normal, with tangent t and bitangent b. */
function perturb(n: [number, number, number], t: [number, number, number], b: [number, number, number], tn: number[]): [number, number, number] {
  return normalize([t[0] * tn[0]! + b[0] * tn[1]! + n[0] * tn[2]!, t[1] * tn[0]! + b[1] * tn[1]! + n[1] * tn[2]!, t[2] * tn[0]! + b[2] * tn[1]! + n[2] * tn[2]!]);
}

function background(x: number, y: number, width: number, height: number): number {
  // A soft studio sweep: lighter at the top.
  return 0.62 - 0.18 * (y / height) - 0.04 * Math.abs(x / width - 0.5);
}

function sphere(albedo: Texture, normalMap: Texture | null, roughness: number, tileCm: RenderInput['tileCm']): Promise<Buffer> {
  const size = PREVIEW_SIZE;
  const pixels = new Uint8Array(size * size * 3);
  const radius = size * 0.42;
  const c = size / 2;
  // Around the sphere is π·20 cm, pole to pole half that.
  const repeatU = (Math.PI * SPHERE_CM) / tileCm.width;
  const repeatV = (Math.PI * SPHERE_CM) / 2 / tileCm.height;
  // At the centre one tile spans 2πr / repeatU pixels.
  [albedo, normalMap] = forView(albedo, normalMap, (2 * Math.PI * radius) / repeatU);
  const base = [0, 0, 0];
  const tn = [0, 0, 1];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const o = (y * size + x) * 3;
      const nx = (x + 0.5 - c) / radius;
      const ny = (c - y - 0.5) / radius;
      const r2 = nx * nx + ny * ny;
      if (r2 > 1) {
        // The sphere's contact shadow under it, on the sweep.
        const g = background(x, y, size, size) * (1 - 0.35 * Math.exp(-(((x - c) / (radius * 0.9)) ** 2) - ((y - c - radius * 0.98) / (radius * 0.08)) ** 2));
        pixels.fill(toSrgbByte(g), o, o + 3);
        continue;
      }
      const nz = Math.sqrt(1 - r2);
      let n: [number, number, number] = [nx, ny, nz];
      const u = 0.5 + Math.atan2(nx, nz) / (2 * Math.PI);
      const v = Math.acos(Math.max(-1, Math.min(1, ny))) / Math.PI;
      sample(albedo, u * repeatU, v * repeatV, base);
      if (normalMap) {
        sample(normalMap, u * repeatU, v * repeatV, tn);
        const t = normalize([nz, 0, -nx]);
        const b: [number, number, number] = [n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0]];
        n = perturb(n, t, b, tn);
      }
      const { diffuse, specular } = shade(n, roughness);
      pixels[o] = toSrgbByte(base[0]! * diffuse + specular);
      pixels[o + 1] = toSrgbByte(base[1]! * diffuse + specular);
      pixels[o + 2] = toSrgbByte(base[2]! * diffuse + specular);
    }
  }
  return encode(pixels, size, size);
}

function crease(albedo: Texture, normalMap: Texture | null, roughness: number, tileCm: RenderInput['tileCm']): Promise<Buffer> {
  const { width, height, pieceCm } = CREASE;
  const pixels = new Uint8Array(width * height * 3);
  const cmPerPx = pieceCm / width;
  [albedo, normalMap] = forView(albedo, normalMap, tileCm.width / cmPerPx);
  const base = [0, 0, 0];
  const tn = [0, 0, 1];
  // The fold: a ridge along a diagonal, about 2 cm wide, with a gentle wave across the piece.
  const dir = normalize([0.8, 0.6, 0]);
  const across: [number, number, number] = [-dir[1], dir[0], 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      const px = (x - width / 2) * cmPerPx;
      const py = (height / 2 - y) * cmPerPx;
      const d = px * across[0] + py * across[1];
      // Height derivative across the fold (a Gaussian ridge) plus a long wave.
      const ridge = -2 * d * Math.exp(-((d / 1.6) ** 2)) * 0.9;
      const wave = 0.12 * Math.cos(px / 4.5);
      let n = normalize([-(ridge * across[0]) - wave * 0.3, -(ridge * across[1]), 1]);
      const u = px / tileCm.width;
      const v = -py / tileCm.height;
      sample(albedo, u, v, base);
      if (normalMap) {
        sample(normalMap, u, v, tn);
        n = perturb(n, [1, 0, 0], [0, 1, 0], tn);
      }
      const { diffuse, specular } = shade(n, roughness);
      pixels[o] = toSrgbByte(base[0]! * diffuse + specular);
      pixels[o + 1] = toSrgbByte(base[1]! * diffuse + specular);
      pixels[o + 2] = toSrgbByte(base[2]! * diffuse + specular);
    }
  }
  return encode(pixels, width, height);
}

async function withRuler(albedo: Texture, normalMap: Texture | null, roughness: number, tileCm: RenderInput['tileCm']): Promise<Buffer> {
  const { size, pieceCm, margin, pad } = RULER;
  const inner = size - margin - pad;
  const pixels = new Uint8Array(size * size * 3).fill(245);
  const cmPerPx = pieceCm / inner;
  [albedo, normalMap] = forView(albedo, normalMap, tileCm.width / cmPerPx);
  const base = [0, 0, 0];
  const tn = [0, 0, 1];
  for (let y = 0; y < inner; y += 1) {
    for (let x = 0; x < inner; x += 1) {
      const o = ((y + pad) * size + x + margin) * 3;
      const u = (x * cmPerPx) / tileCm.width;
      const v = (y * cmPerPx) / tileCm.height;
      sample(albedo, u, v, base);
      let n: [number, number, number] = [0, 0, 1];
      if (normalMap) {
        sample(normalMap, u, v, tn);
        n = perturb(n, [1, 0, 0], [0, 1, 0], tn);
      }
      const { diffuse, specular } = shade(normalize([n[0], n[1], n[2] + 0.6]), roughness);
      pixels[o] = toSrgbByte(base[0]! * diffuse + specular);
      pixels[o + 1] = toSrgbByte(base[1]! * diffuse + specular);
      pixels[o + 2] = toSrgbByte(base[2]! * diffuse + specular);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .composite([{ input: Buffer.from(rulerSvg(size, margin, pad, inner, pieceCm)), top: 0, left: 0 }])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * Centimetre rulers along the left and bottom edges of the piece (which sits `pad` from the top and right): a tick
 * each centimetre, longer and numbered each five.
 */
export function rulerSvg(size: number, margin: number, pad: number, inner: number, pieceCm: number): string {
  const pxPerCm = inner / pieceCm;
  const bottom = pad + inner;
  const lines: string[] = [];
  const labels: string[] = [];
  for (let cm = 0; cm <= pieceCm; cm += 1) {
    const long = cm % 5 === 0;
    const x = (margin + cm * pxPerCm).toFixed(1);
    const y = (bottom - cm * pxPerCm).toFixed(1);
    lines.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + (long ? 18 : 10)}"/>`, `<line x1="${margin - (long ? 18 : 10)}" y1="${y}" x2="${margin}" y2="${y}"/>`);
    if (long) labels.push(`<text x="${x}" y="${bottom + 34}" text-anchor="middle">${cm}</text>`, `<text x="${margin - 22}" y="${(Number(y) + 5).toFixed(1)}" text-anchor="end">${cm}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><g stroke="#333" stroke-width="1.5">${lines.join('')}</g><g font-family="sans-serif" font-size="14" fill="#333">${labels.join('')}<text x="${margin - 22}" y="${size - 8}" text-anchor="end">cm</text></g></svg>`;
}

/** Draws all four pictures for one card. */
export async function renderPreviews(input: RenderInput): Promise<RenderedPreviews> {
  const [albedo, normalMap] = await Promise.all([recolor(input.basecolor, input.hex), normals(input.normal)]);
  const roughness = input.roughness ?? 0.8;
  const swatchPixels = new Uint8Array(albedo.width * albedo.height * 3);
  for (let i = 0; i < swatchPixels.length; i += 1) swatchPixels[i] = toSrgbByte(albedo.rgb[i]!);
  const [swatch, preview, creased, ruler] = await Promise.all([
    encode(swatchPixels, albedo.width, albedo.height),
    sphere(albedo, normalMap, roughness, input.tileCm),
    crease(albedo, normalMap, roughness, input.tileCm),
    withRuler(albedo, normalMap, roughness, input.tileCm),
  ]);
  return { swatch, preview, crease: creased, previewWithRuler: ruler };
}
