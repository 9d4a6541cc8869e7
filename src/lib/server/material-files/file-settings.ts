import type { MaterialFileSettings, StoredMaterialFile } from '../materials/stored-material';
import type { MapKind, ParsedMaterialFile } from './material-file';

/** A tile size for a file that states none (one holding constants only): it only scales the previews' pattern. */
const UNSIZED_TILE_CM = 10;

/** The settings a newly bound file starts with: every front map it has, at the size it states. */
export function defaultFileSettings(material: ParsedMaterialFile): MaterialFileSettings {
  return {
    maps: Object.keys(material.front.maps) as MapKind[],
    widthCm: withinTile(material.physicalSize?.widthCm),
    heightCm: withinTile(material.physicalSize?.heightCm),
  };
}

/** The editor takes 0.1 cm to 10 m: a file's odd size is brought inside rather than refused. */
const withinTile = (cm: number | undefined) => (cm && cm > 0 ? Math.min(1000, Math.max(0.1, Math.round(cm * 100) / 100)) : UNSIZED_TILE_CM);

/**
 * The file with new settings, or the maps the file does not have (by their index in `settings.maps`): a setting may
 * only choose among the file's own front maps (docs/product/material-files.md#file-settings).
 */
export function withFileSettings(file: StoredMaterialFile, settings: MaterialFileSettings): { file: StoredMaterialFile; missing: Array<{ index: number; kind: MapKind }> } {
  const missing = settings.maps.flatMap((kind, index) => (file.mapKeys.front[kind] ? [] : [{ index, kind }]));
  return { file: { ...file, settings: { maps: [...new Set(settings.maps)], widthCm: settings.widthCm, heightCm: settings.heightCm } }, missing };
}
