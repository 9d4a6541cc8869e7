import type { ShapeKind } from './types';

export interface SizeCm {
  width: number;
  height: number;
}

/** How many times a map tiles across a surface, horizontally (u) and vertically (v). */
export interface Repeat {
  u: number;
  v: number;
}

/** Real sizes of the shapes, so a buyer judges a pattern's scale against something they know. */
export const SPHERE_DIAMETER_CM = 20;
export const SWATCH_CM = 30;
export const CLOTH_CM = 60;

/** The scene is laid out in tenths of a metre: the sphere's radius is one unit, which keeps the camera's numbers small. */
export const SCENE_UNITS_PER_CM = 0.1;

/**
 * The surface one span of texture coordinates (0…1) covers on a shape. Around the sphere that is the equator and
 * from pole to pole half of it, so a tile keeps its size where the sphere faces the viewer; the cloth is measured
 * flat, as cut, since draping folds the cloth but does not stretch it.
 */
export function uvSpanCm(shape: ShapeKind): SizeCm {
  switch (shape) {
    case 'sphere':
      return { width: Math.PI * SPHERE_DIAMETER_CM, height: (Math.PI * SPHERE_DIAMETER_CM) / 2 };
    case 'swatch':
      return { width: SWATCH_CM, height: SWATCH_CM };
    case 'cloth':
      return { width: CLOTH_CM, height: CLOTH_CM };
  }
}

const usable = (cm: number) => Number.isFinite(cm) && cm > 0;

/**
 * The texture repeat that makes one map tile cover its real size on a surface of the given real size. A tile size
 * that is missing or nonsensical gives one tile per surface rather than a blur or a blank. `wrapsU` is for a
 * surface that closes on itself (around the sphere): a fraction of a tile there leaves a visible seam, so the
 * count is rounded to whole tiles, and never below one.
 */
export function textureRepeat(tileCm: SizeCm, surfaceCm: SizeCm, options: { wrapsU?: boolean } = {}): Repeat {
  const along = (surface: number, tile: number) => (usable(surface) && usable(tile) ? surface / tile : 1);
  const u = along(surfaceCm.width, tileCm.width);
  const v = along(surfaceCm.height, tileCm.height);
  return { u: options.wrapsU ? Math.max(1, Math.round(u)) : u, v };
}

/** The repeat for one of the preview's shapes. */
export function shapeRepeat(shape: ShapeKind, tileCm: SizeCm): Repeat {
  return textureRepeat(tileCm, uvSpanCm(shape), { wrapsU: shape === 'sphere' });
}

/** A length for the scale note: at most one decimal, no trailing zero ("12.5", "30"). */
export function formatCm(cm: number): string {
  if (!Number.isFinite(cm)) return '–';
  return String(Math.round(cm * 10) / 10);
}
