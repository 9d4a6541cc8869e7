import type { MaterialFileSettings, StoredMaterialFile } from '../materials/stored-material';
import { defaultFileSettings as settingsOfSummary } from '../../contracts/material-edit';
import type { MapKind, ParsedMaterialFile } from './material-file';
import { summarizeMaterialFile } from './summarize-material-file';

/** The settings a newly bound file starts with: every front map it has, at the size it states. */
export const defaultFileSettings = (material: ParsedMaterialFile): MaterialFileSettings => settingsOfSummary(summarizeMaterialFile(material));

/**
 * The file with new settings, or the maps the file does not have (by their index in `settings.maps`): a setting may
 * only choose among the file's own front maps (docs/product/material-files.md#file-settings).
 */
export function withFileSettings(file: StoredMaterialFile, settings: MaterialFileSettings): { file: StoredMaterialFile; missing: Array<{ index: number; kind: MapKind }> } {
  const missing = settings.maps.flatMap((kind, index) => (file.mapKeys.front[kind] ? [] : [{ index, kind }]));
  return { file: { ...file, settings: { maps: [...new Set(settings.maps)], widthCm: settings.widthCm, heightCm: settings.heightCm } }, missing };
}
