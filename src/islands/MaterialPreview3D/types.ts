/** The texture maps a material file can carry, by role. */
export type MapKind = 'basecolor' | 'normal' | 'roughness' | 'metalness' | 'alpha' | 'displacement';

/** What the preview shows the material on. */
export type ShapeKind = 'sphere' | 'swatch' | 'cloth';

/** The light the scene is lit by. */
export type LightPresetKind = 'studio' | 'daylight' | 'warm';

export interface PreviewCard {
  id: number;
  name: string;
  hex: string;
  /** The card's recoloured base color map, once rendered. */
  basecolor: string | null;
  /** A still picture of the card, shown where the 3D view is not (yet). */
  fallback: string | null;
}

export interface MaterialPreview3DProps {
  materialName: string;
  /** Front-side maps as same-origin URLs; a missing map falls back to the constants. */
  maps: Partial<Record<MapKind, string>>;
  constants: { roughness: number | null; metalness: number | null; alpha: number | null };
  /** Physical size one map tile covers, centimetres. */
  tileCm: { width: number; height: number };
  /** Per color card: its hex, and when it has been rendered, its recoloured base color map and a preview picture. */
  cards: PreviewCard[];
  /** The card shown first (the material's default card). */
  initialCardId: number | null;
  /** The `preview3d` message slice of the page language, as `{ preview3d: … }`. */
  messages: Record<string, unknown>;
}
