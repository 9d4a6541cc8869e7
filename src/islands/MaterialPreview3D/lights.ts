import type { LightPresetKind } from './types';

type Vec3 = [number, number, number];

/** A lighting set-up from plain lights only: everything it needs ships with the page, nothing is fetched. */
export interface LightPreset {
  background: string;
  ambient: { color: string; intensity: number };
  hemisphere: { sky: string; ground: string; intensity: number };
  directional: { color: string; intensity: number; position: Vec3 }[];
}

export const LIGHT_PRESET_KINDS: readonly LightPresetKind[] = ['studio', 'daylight', 'warm'];

/**
 * Studio is neutral white light from a key, a fill and a rim, for judging a color; daylight is a high sun under a
 * blue sky; warm is the yellowish light of a shop or a home, where many of these materials end up being seen.
 */
export const LIGHT_PRESETS: Readonly<Record<LightPresetKind, LightPreset>> = {
  studio: {
    background: '#e8eaeb',
    ambient: { color: '#ffffff', intensity: 0.3 },
    hemisphere: { sky: '#ffffff', ground: '#b8bcbf', intensity: 0.5 },
    directional: [
      { color: '#ffffff', intensity: 2, position: [4, 4, 3.5] },
      { color: '#ffffff', intensity: 0.7, position: [-5, 1.5, 3] },
      { color: '#ffffff', intensity: 1, position: [0, 3, -5] },
    ],
  },
  daylight: {
    background: '#dde8f1',
    ambient: { color: '#ffffff', intensity: 0.2 },
    hemisphere: { sky: '#cfe2ff', ground: '#9a8e78', intensity: 1.2 },
    directional: [
      { color: '#fff3df', intensity: 3, position: [4, 8, 3] },
      { color: '#c4d8ff', intensity: 0.5, position: [-4, 2, 2] },
    ],
  },
  warm: {
    background: '#eee2d2',
    ambient: { color: '#ffe6c7', intensity: 0.35 },
    hemisphere: { sky: '#ffdcb0', ground: '#6b4a35', intensity: 0.5 },
    directional: [
      { color: '#ffcb94', intensity: 2.2, position: [-3, 3, 4] },
      { color: '#ffe2bf', intensity: 0.6, position: [4, 1, 2] },
    ],
  },
};
