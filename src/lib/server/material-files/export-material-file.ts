import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import sharp from 'sharp';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { findVisibleVersion } from '../materials/find-visible-version';
import { sortColorCards, type StoredMaterialFile } from '../materials/stored-material';
import { readObject } from '../storage';
import type { MapKind, MaterialSide, ParsedMaterialFile } from './material-file';
import { writeAse } from '../colors/write-ase';
import { u3mFileName, writeU3ma, type MapExt } from './write-u3ma';

export type ExportFormat = 'u3ma' | 'ase';

/** What a download is: its file name, and how to write it (the U3MA is streamed, map by map). */
export type MaterialFileExport = { fileName: string; contentType: string; write(out: Writable): Promise<void> };

/**
 * A material's version as a file for any 3D or design tool (docs/product/material-files.md#export): `u3ma`, the
 * bound material file with the maps and tile size its settings use (a version without a file is 100404), or `ase`,
 * its color cards as swatches. Whoever may read the detail may download: anyone for a published material, its own
 * company for an unpublished one.
 */
export async function exportMaterialFile(materialId: number, version: number, format: ExportFormat, viewerCompanyId: number | null): Promise<MaterialFileExport> {
  const { snapshot: s, created, modified } = await findVisibleVersion(materialId, version, viewerCompanyId);
  const name = s.nameEn || s.nameCn;

  if (format === 'ase') {
    const body = writeAse(sortColorCards(s.colorCards).map((c) => ({ name: c.name, hex: c.hex })), { group: name });
    return { fileName: `${u3mFileName(name).replace(/\.u3m$/, '')}.ase`, contentType: 'application/octet-stream', write: async (out) => void out.end(body) };
  }
  const file = s.file;
  if (!file) throw new AppError(ERROR.empty, { message: 'validation.materialFileNotFound' });
  const material = asSet(file);
  return {
    fileName: u3mFileName(name).replace(/\.u3m$/, '.u3ma'),
    contentType: 'application/zip',
    write: async (out) => {
      await writeU3ma({ material, id: randomUUID(), created, modified, readMap: (side, kind) => readStoredMap(file, side, kind) }, out);
    },
  };
}

/**
 * The file as its settings have it: only the front maps chosen (the back keeps its own), each map naming its stored
 * object so the writer can tell its format, and the tile size the supplier set when it differs from the file's.
 */
function asSet(file: StoredMaterialFile): ParsedMaterialFile {
  const { material, settings } = file;
  const resized = material.physicalSize?.widthCm !== settings.widthCm || material.physicalSize?.heightCm !== settings.heightCm;
  const side = (s: MaterialSide, keys: Partial<Record<MapKind, string>>, chosen: (kind: MapKind) => boolean): MaterialSide => ({
    ...s,
    maps: Object.fromEntries(
      (Object.entries(s.maps) as [MapKind, NonNullable<MaterialSide['maps'][MapKind]>][])
        .filter(([kind]) => chosen(kind) && keys[kind])
        .map(([kind, map]) => [kind, { ...map, path: keys[kind]!, ...(resized ? { widthCm: settings.widthCm, heightCm: settings.heightCm } : {}) }]),
    ),
  });
  return {
    ...material,
    front: side(material.front, file.mapKeys.front, (kind) => settings.maps.includes(kind)),
    back: material.back ? side(material.back, file.mapKeys.back, () => true) : null,
    physicalSize: resized ? { widthCm: settings.widthCm, heightCm: settings.heightCm } : material.physicalSize,
  };
}

/** A stored map as the U3MA takes it: PNG and JPEG as they are, anything else (WebP, TIFF) turned into PNG. */
async function readStoredMap(file: StoredMaterialFile, side: 'front' | 'back', kind: MapKind): Promise<{ bytes: Buffer; ext: MapExt }> {
  const key = file.mapKeys[side][kind];
  const bytes = key ? await readObject(key) : null;
  if (!key || !bytes) throw new Error(`the ${side} ${kind} map is missing from storage`);
  if (key.endsWith('.png')) return { bytes, ext: 'png' };
  if (key.endsWith('.jpg')) return { bytes, ext: 'jpg' };
  return { bytes: await sharp(bytes, { limitInputPixels: false }).png().toBuffer(), ext: 'png' };
}
