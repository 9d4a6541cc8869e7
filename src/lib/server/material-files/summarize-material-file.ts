import type { z } from 'zod';
import type { readMaterialSchema } from '../../contracts/material-files';
import type { MapKind, ParsedMaterialFile } from './material-file';

/** What a read file holds, as the editor shows it: no map locations, only which maps there are. */
export function summarizeMaterialFile(m: ParsedMaterialFile): z.output<typeof readMaterialSchema> {
  return {
    format: m.format,
    version: m.version,
    name: m.name,
    physicalSize: m.physicalSize,
    colors: m.colors,
    maps: { front: Object.keys(m.front.maps) as MapKind[], back: Object.keys(m.back?.maps ?? {}) as MapKind[] },
  };
}
