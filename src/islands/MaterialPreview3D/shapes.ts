import { CLOTH_CM, SCENE_UNITS_PER_CM, SPHERE_DIAMETER_CM, SWATCH_CM } from './scale';
import type { ShapeKind } from './types';

export const SHAPE_KINDS: readonly ShapeKind[] = ['sphere', 'swatch', 'cloth'];

/** The shape's largest real size, for the note under the view. */
export const SHAPE_SIZE_CM: Readonly<Record<ShapeKind, number>> = { sphere: SPHERE_DIAMETER_CM, swatch: SWATCH_CM, cloth: CLOTH_CM };

export interface Framing {
  /** Camera distance from the shape's centre when the view opens or is reset, scene units. */
  distance: number;
  /** How close and how far the buyer may zoom: close enough to see the grain, never inside the shape. */
  minDistance: number;
  maxDistance: number;
}

/** Each shape fills most of a square view at its home distance (with the camera's 35° field of view). */
export function framing(shape: ShapeKind): Framing {
  const size = SHAPE_SIZE_CM[shape] * SCENE_UNITS_PER_CM;
  const distance = size * (shape === 'sphere' ? 2.25 : 1.9);
  return { distance, minDistance: size * (shape === 'sphere' ? 0.8 : 0.45), maxDistance: distance * 2.2 };
}

/** The camera looks at the shape a little from above, as one looks at a sample on a table or on a rail. */
export function homePosition(shape: ShapeKind): [number, number, number] {
  const { distance } = framing(shape);
  const rise = 0.22;
  const n = Math.hypot(rise, 1);
  return [0, (rise / n) * distance, distance / n];
}
