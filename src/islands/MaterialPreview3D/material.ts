import type { MapKind, MaterialPreview3DProps } from './types';

/** Scalar material settings, for a surface whose maps may be missing. */
export interface SurfaceParams {
  roughness: number;
  metalness: number;
  opacity: number;
  transparent: boolean;
}

/** Most listed materials are leathers and textiles: matte and not metallic, unless the file says otherwise. */
export const DEFAULT_ROUGHNESS = 0.8;
export const DEFAULT_METALNESS = 0;

const unit = (value: number | null, fallback: number) => (value !== null && Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : fallback);

/**
 * The scalars beside the maps. The renderer multiplies a map by its scalar, so where a map exists the scalar is 1
 * and the map alone decides; where it is missing, the material file's constant does, else a textile's default.
 */
export function surfaceParams(maps: Partial<Record<MapKind, string>>, constants: MaterialPreview3DProps['constants']): SurfaceParams {
  const opacity = maps.alpha ? 1 : unit(constants.alpha, 1);
  return {
    roughness: maps.roughness ? 1 : unit(constants.roughness, DEFAULT_ROUGHNESS),
    metalness: maps.metalness ? 1 : unit(constants.metalness, DEFAULT_METALNESS),
    opacity,
    transparent: Boolean(maps.alpha) || opacity < 1,
  };
}

/** The material's texture slots, by the name the renderer's standard material gives each map. */
export type TextureSlot = 'map' | 'normalMap' | 'roughnessMap' | 'metalnessMap' | 'alphaMap' | 'displacementMap';

const SLOTS: readonly [Exclude<MapKind, 'basecolor'>, TextureSlot][] = [
  ['normal', 'normalMap'],
  ['roughness', 'roughnessMap'],
  ['metalness', 'metalnessMap'],
  ['alpha', 'alphaMap'],
  ['displacement', 'displacementMap'],
];

/**
 * The maps to load, by slot, in a fixed order (the texture cache keys on the list). The base color is the one
 * the chosen card's surface uses, which may be the card's own recoloured map.
 */
export function textureSlots(maps: Partial<Record<MapKind, string>>, basecolor: string | null): Partial<Record<TextureSlot, string>> {
  const slots: Partial<Record<TextureSlot, string>> = {};
  if (basecolor) slots.map = basecolor;
  for (const [kind, slot] of SLOTS) {
    const url = maps[kind];
    if (url) slots[slot] = url;
  }
  return slots;
}

/** Base color is stored as sRGB; the other maps hold data (directions, amounts), read as they are. */
export const isColorSlot = (slot: TextureSlot) => slot === 'map';
