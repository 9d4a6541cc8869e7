/**
 * Reads an xTex material (docs/product/material-files.md#xtex): a zip (`.xtex`, or `.zip`) holding one XML
 * description and the maps it names. With no public schema of the format to follow, this reads a small subset that
 * exporters write alike: the root `<xtex version="1.x">`, the name, the tile size in millimetres, an optional constant
 * diffuse color, and one `<map type=… path=…>` per map kind. Map types the product does not keep (sheen, clearcoat …)
 * are left unread, as U3M asks of parts a program does not own; xTex materials are one-sided, so the back is null.
 */
import path from 'node:path/posix';
import { COLOR_CARD_NAME_MAX, type MapKind, type MaterialMap, type MaterialSide, type ParsedMaterialFile, type Rgb } from './material-file';
import { openArchive, type Archive, type ArchiveEntry, type RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError } from './parse-codes';
import { checkMap, dpiOf, insidePath, linearOfHex, meanColor, stem } from './read-shared';
import { hexOf, MAP_MAX_BYTES, type OpenedMaterialFile } from './read-u3m';
import { child, childrenNamed, parseXml, XmlError, type XmlElement } from './xml';

/** A description is a few kilobytes; past this it is not one. */
const XML_MAX_BYTES = 1024 * 1024;
/** 100 m: no roll of cloth has a longer repeat, and it keeps a typo of a few zeros from becoming a size. */
const SIZE_MAX_MM = 100_000;

/** The `type` names exporters write, to the map the product keeps. */
const MAP_TYPES: Readonly<Record<string, MapKind>> = {
  diffuse: 'basecolor',
  basecolor: 'basecolor',
  albedo: 'basecolor',
  normal: 'normal',
  roughness: 'roughness',
  metalness: 'metalness',
  metallic: 'metalness',
  alpha: 'alpha',
  opacity: 'alpha',
  displacement: 'displacement',
  height: 'displacement',
};

/** Reads the xTex in `source`; `fileName` (the uploaded name) names the proposed color. Throws `MaterialFileError`. */
export async function readXtex(source: RangeSource, fileName: string): Promise<OpenedMaterialFile> {
  const archive = await openArchive(source);
  const entry = findDescription(archive);
  const doc = describe(await archive.read(entry, XML_MAX_BYTES));
  const folder = path.dirname(entry.path);

  const found = new Map<MapKind, ArchiveEntry>();
  for (const [kind, mapPath] of doc.maps) {
    const at = insidePath(folder, mapPath);
    const mapEntry = archive.find(at);
    if (!mapEntry) throw new MaterialFileError(FILE_CODES.noResource, `${kind} map ${mapPath} is not in the archive`);
    if (mapEntry.size > MAP_MAX_BYTES) throw new MaterialFileError(FILE_CODES.sizeError, `${kind} map is ${mapEntry.size} bytes`);
    found.set(kind, mapEntry);
  }
  const readMap = async (which: 'front' | 'back', kind: MapKind) => {
    const mapEntry = which === 'front' ? found.get(kind) : undefined;
    if (!mapEntry) throw new MaterialFileError(FILE_CODES.noResource, `no ${which} ${kind} map`);
    return archive.read(mapEntry, MAP_MAX_BYTES);
  };

  // Every map is checked as a picture before anything is stored; the base color map also gives the proposed color.
  const front: MaterialSide = { maps: {}, basecolor: doc.maps.has('basecolor') ? null : doc.diffuse, roughness: null, metalness: null, alpha: null };
  let diffuse: Rgb | null = doc.diffuse;
  for (const [kind, mapPath] of doc.maps) {
    const bytes = await readMap('front', kind);
    const { width } = await checkMap(bytes, `${kind} map`);
    const size = doc.size!;
    front.maps[kind] = { path: mapPath, widthCm: size.widthMm / 10, heightCm: size.heightMm / 10, dpi: dpiOf(width, size.widthMm / 10), rotation: 0, repeat: 'normal', factor: 1, offset: 0 } satisfies MaterialMap;
    if (kind === 'basecolor') diffuse = await meanColor(bytes, `${kind} map`);
  }
  const material: ParsedMaterialFile = {
    format: 'xtex',
    version: doc.version,
    name: doc.name || stem(fileName),
    description: doc.description,
    front,
    back: null,
    physicalSize: doc.maps.size && doc.size ? { widthCm: doc.size.widthMm / 10, heightCm: doc.size.heightMm / 10 } : null,
    colors: diffuse ? [{ name: stem(fileName).slice(0, COLOR_CARD_NAME_MAX), hex: hexOf(diffuse) }] : [],
  };
  return { material, code: diffuse ? FILE_CODES.ok : FILE_CODES.noDiffuseColor, readMap };
}

/** The XML at the root of the archive, or the only XML in it. */
function findDescription(archive: Archive): ArchiveEntry {
  const xml = archive.entries.filter((e) => e.path.toLowerCase().endsWith('.xml'));
  const atRoot = xml.filter((e) => !e.path.replace(/^\.?\//, '').includes('/'));
  const candidates = atRoot.length ? atRoot : xml;
  if (candidates.length === 0) throw new MaterialFileError(FILE_CODES.noResource, 'no .xml description in the archive');
  if (candidates.length > 1) throw new MaterialFileError(FILE_CODES.formatError, `${candidates.length} XML descriptions (${candidates.map((e) => e.path).join(', ')}); an xTex has one`);
  return candidates[0]!;
}

interface Description {
  version: string;
  name: string;
  description: string;
  size: { widthMm: number; heightMm: number } | null;
  diffuse: Rgb | null;
  maps: Map<MapKind, string>;
}

function describe(bytes: Buffer): Description {
  let root: XmlElement;
  try {
    root = parseXml(bytes);
  } catch (err) {
    if (err instanceof XmlError) throw new MaterialFileError(FILE_CODES.formatError, err.message);
    throw err;
  }
  if (root.name !== 'xtex') throw new MaterialFileError(FILE_CODES.formatError, `root element <${root.name}>; an xTex description is <xtex>`);
  const version = root.attributes.get('version')?.trim() ?? '';
  if (!/^\d+\.\d+$/.test(version)) throw new MaterialFileError(FILE_CODES.formatError, `xTex version ${JSON.stringify(version)} is not major.minor`);
  if (!version.startsWith('1.')) throw new MaterialFileError(FILE_CODES.wrongVersion, `xTex version ${version}; this reads 1.x`);

  const maps = new Map<MapKind, string>();
  for (const map of childrenNamed(child(root, 'maps') ?? root, 'map')) {
    const type = map.attributes.get('type')?.trim().toLowerCase() ?? '';
    const kind = Object.hasOwn(MAP_TYPES, type) ? MAP_TYPES[type] : undefined;
    if (!kind) continue;
    const mapPath = map.attributes.get('path')?.trim() || map.text;
    if (!mapPath) throw new MaterialFileError(FILE_CODES.formatError, `${type} map names no path`);
    if (maps.has(kind)) throw new MaterialFileError(FILE_CODES.formatError, `two ${kind} maps`);
    maps.set(kind, mapPath);
  }

  const sizeElement = child(root, 'size');
  let size: Description['size'] = null;
  if (sizeElement) {
    const unit = sizeElement.attributes.get('unit')?.trim().toLowerCase() ?? 'mm';
    if (unit !== 'mm') throw new MaterialFileError(FILE_CODES.formatError, `size in ${unit}; xTex sizes are millimetres`);
    const widthMm = Number(sizeElement.attributes.get('width'));
    const heightMm = Number(sizeElement.attributes.get('height'));
    const valid = (v: number) => Number.isFinite(v) && v > 0 && v <= SIZE_MAX_MM;
    if (!valid(widthMm) || !valid(heightMm)) throw new MaterialFileError(FILE_CODES.formatError, `size ${sizeElement.attributes.get('width')} × ${sizeElement.attributes.get('height')} mm is not a tile size`);
    size = { widthMm, heightMm };
  }
  if (maps.size && !size) throw new MaterialFileError(FILE_CODES.formatError, 'the description names maps but no <size> of their tile');

  const diffuseText = child(root, 'diffusecolor')?.text;
  const diffuse = diffuseText ? linearOfHex(diffuseText) : null;
  if (diffuseText && !diffuse) throw new MaterialFileError(FILE_CODES.formatError, `diffuse color ${JSON.stringify(diffuseText)} is not a #rrggbb hex`);

  return { version, name: child(root, 'name')?.text ?? '', description: child(root, 'description')?.text ?? '', size, diffuse, maps };
}
