/**
 * A picture's layout: the picture itself in grey, small. The descriptor is deliberately blind to where things are
 * in a picture, so a crop of a catalogue picture ranks that picture level with other photos of the same material
 * taken at the crop's scale. The layout tells them apart: the crop, scaled down, is found somewhere in its own
 * picture's layout with a normalised cross-correlation near 1, and in another photo's far lower
 * (docs/product/search.md#descriptors).
 */
import { areaResize, gaussianBlur, type Plane } from './blocks/image';
import type { Pixels } from './pixels';

/** A stored layout's shorter side, px. */
export const LAYOUT_SHORT_SIDE = 32;
/** The shorter sides a photo is tried at: from the whole picture down to a crop of half each side. */
export const LAYOUT_TEMPLATE_SIDES = [32, 27, 23, 19, 16];
/** The correlation from which a photo counts as a crop of the picture (chosen on half the texture set). */
export const NEAR_DUPLICATE_CORRELATION = 0.95;

export type LayoutTemplate = { width: number; height: number; values: Float32Array };

/** Softened a little on both sides: a crop rarely lands on whole layout pixels or exactly on a template size. */
const BLUR_SIGMA = 0.7;

function grey({ rgb, width, height }: Pixels): Plane {
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;
  return { data, width, height };
}

/**
 * The grey picture with its shorter side at `side`, softened. Made from the descriptor's working pixels, so a
 * picture is decoded once for both, and by area averaging, so the stored layout and a photo's templates shrink the
 * same way whatever size they started at.
 */
function shrink(plane: Plane, side: number): Plane {
  const scale = side / Math.min(plane.width, plane.height);
  const resized = areaResize(plane, Math.max(1, Math.round(plane.width * scale)), Math.max(1, Math.round(plane.height * scale)));
  return gaussianBlur(resized, BLUR_SIGMA);
}

/** Stored form: width and height (one byte each), then one grey byte per pixel. */
export function layoutOf(pixels: Pixels): Buffer {
  const { data, width, height } = shrink(grey(pixels), LAYOUT_SHORT_SIDE);
  const out = Buffer.alloc(2 + data.length);
  out[0] = width;
  out[1] = height;
  for (let i = 0; i < data.length; i++) out[2 + i] = Math.round(data[i]!);
  return out;
}

/** A photo (already cut to its region) at each template size, zero-mean and unit-norm; a flat photo gives none. */
export function layoutTemplatesOf(pixels: Pixels): LayoutTemplate[] {
  const plane = grey(pixels);
  const templates: LayoutTemplate[] = [];
  for (const side of LAYOUT_TEMPLATE_SIDES) {
    const { data, width, height } = shrink(plane, side);
    const mean = data.reduce((s, v) => s + v, 0) / data.length;
    let norm = 0;
    for (let i = 0; i < data.length; i++) norm += (data[i]! - mean) ** 2;
    if (norm < 1e-6) continue;
    const scale = 1 / Math.sqrt(norm);
    templates.push({ width, height, values: data.map((v) => (v - mean) * scale) });
  }
  return templates;
}

/**
 * The highest normalised cross-correlation of any template at any position inside a stored layout, -1..1.
 * Window sums come from summed-area tables, so each position costs one dot product.
 */
export function matchLayout(templates: LayoutTemplate[], layout: Buffer): number {
  const width = layout[0]!;
  const height = layout[1]!;
  if (layout.length !== 2 + width * height) return -1;
  const pixels = Float32Array.from(layout.subarray(2));
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = pixels[y * width + x]!;
      const at = (y + 1) * stride + x + 1;
      sum[at] = v + sum[at - 1]! + sum[at - stride]! - sum[at - stride - 1]!;
      squares[at] = v * v + squares[at - 1]! + squares[at - stride]! - squares[at - stride - 1]!;
    }
  }
  const box = (table: Float64Array, x: number, y: number, w: number, h: number) =>
    table[(y + h) * stride + x + w]! - table[y * stride + x + w]! - table[(y + h) * stride + x]! + table[y * stride + x]!;
  let best = -1;
  for (const { width: w, height: h, values } of templates) {
    if (w > width || h > height) continue;
    const n = w * h;
    for (let y = 0; y + h <= height; y++) {
      for (let x = 0; x + w <= width; x++) {
        const s = box(sum, x, y, w, h);
        const variance = box(squares, x, y, w, h) - (s * s) / n;
        if (variance <= 1e-6) continue;
        // The template is zero-mean, so its dot product with the window equals that with the window less its mean.
        let dot = 0;
        for (let j = 0, t = 0; j < h; j++) {
          const row = (y + j) * width + x;
          for (let i = 0; i < w; i++, t++) dot += pixels[row + i]! * values[t]!;
        }
        const correlation = dot / Math.sqrt(variance);
        if (correlation > best) best = correlation;
      }
    }
  }
  return best;
}
