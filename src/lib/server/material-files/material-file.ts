/**
 * A material file as the product reads and writes it (docs/product/material-files.md): the digital twin of a
 * material — its PBR maps per side, its physical size and the colors it proposes as color cards — whatever format it
 * came in (U3M, xTex, ADMF, a color-card zip). Importers produce a `ParsedMaterialFile`; the U3M exporter takes one.
 */

import { MAP_KINDS } from '../../contracts/material-files';

/** The maps the product keeps and renders from, by their U3M names (shared with the editor). */
export { MAP_KINDS };
export type MapKind = (typeof MAP_KINDS)[number];

/** Linear RGB, each channel 0–1 (as U3M writes constant colors). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** One texture map: where its image is in the archive and the physical size one tile of it covers. */
export interface MaterialMap {
  /** The entry's path inside the archive, as the file names it (already checked to stay inside). */
  path: string;
  /** Physical size of one tile, in centimetres. */
  widthCm: number;
  heightCm: number;
  dpi: number;
  /** Degrees the tile is turned, and how it repeats (U3M `repeat`). */
  rotation: number;
  repeat: 'normal' | 'mirror_x' | 'mirror_y' | 'mirror_xy';
  /** For scalar maps: value = texel × factor + offset (U3M `texture_and_number`); 1 and 0 when absent. */
  factor: number;
  offset: number;
}

/** One side of the material: its maps, and the constant values used where a map is missing. */
export interface MaterialSide {
  maps: Partial<Record<MapKind, MaterialMap>>;
  basecolor: Rgb | null;
  roughness: number | null;
  metalness: number | null;
  alpha: number | null;
}

/** A color the file proposes for a color card: its name (at most 32 characters) and its sRGB hex. */
export interface ProposedColor {
  name: string;
  hex: string;
}

export interface ParsedMaterialFile {
  format: 'u3m' | 'xtex' | 'admf' | 'color-card-zip';
  /** The format's own version as the file states it, e.g. `1.0` for U3M. */
  version: string;
  name: string;
  description: string;
  front: MaterialSide;
  back: MaterialSide | null;
  /** The largest tile among the maps, in centimetres; null when the file has no map. */
  physicalSize: { widthCm: number; heightCm: number } | null;
  colors: ProposedColor[];
}

/** Color-card names are cut to this many characters (docs/product/material-files.md#color-cards). */
export const COLOR_CARD_NAME_MAX = 32;
