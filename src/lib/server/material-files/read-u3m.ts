/**
 * Reads a U3M material (docs/product/material-files.md#u3m): a `.u3ma` or `.zip` package holding one `.u3m`
 * description and the maps it names, or a bare `.u3m` description with constant values only. Versions 1.0 and 1.1
 * of the open U3M schema are read; 1.0 gives tile sizes in centimetres, 1.1 in millimetres. Only what the product
 * keeps is taken (maps, constants, tile size, name); the rest of the file is left unread, as the format asks of
 * parts a program does not own.
 */
import path from 'node:path/posix';
import { z } from 'zod';
import { exceedsJsonDepth } from '../../json-depth';
import { COLOR_CARD_NAME_MAX, MAP_KINDS, type MapKind, type MaterialMap, type MaterialSide, type ParsedMaterialFile, type Rgb } from './material-file';
import { openArchive, type Archive, type ArchiveEntry, type RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError } from './parse-codes';
import { checkMap, meanColor, readRange, stem } from './read-shared';

/** A description past this is not a material description (the largest real ones, with physics, are about 1 MB). */
const DESCRIPTION_MAX_BYTES = 8 * 1024 * 1024;
/** Deep enough for the schema's nesting (about 8 levels) and any vendor's custom section. */
const DESCRIPTION_MAX_DEPTH = 64;
/** One map, inflated; larger maps are refused as a size error. */
export const MAP_MAX_BYTES = 256 * 1024 * 1024;

const rgb = z.object({ r: z.number().min(0).max(1), g: z.number().min(0).max(1), b: z.number().min(0).max(1) });
const image = z.object({
  path: z.string().min(1).max(1024),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  dpi: z.union([z.number().nonnegative(), z.object({ x: z.number().nonnegative(), y: z.number().nonnegative() })]),
  repeat: z.object({ mode: z.enum(['normal', 'mirror_x', 'mirror_y', 'mirror_xy']), rotation: z.number() }).optional(),
});
const texture = z.object({ image, factor: z.union([z.number(), rgb]).optional(), offset: z.number().optional(), scale: z.number().optional(), mode: z.string().optional() }).nullable().optional();
const channel = z.object({ constant: z.unknown().optional(), texture }).nullable().optional();
const side = z.object(Object.fromEntries(MAP_KINDS.map((kind) => [kind, channel])) as Record<MapKind, typeof channel>).loose().nullable().optional();
const description = z.object({
  schema: z.string(),
  material: z.object({ name: z.string().optional(), description: z.string().optional(), front: side, back: side, side }).loose(),
});
type Side = NonNullable<z.output<typeof side>>;

export interface OpenedMaterialFile {
  material: ParsedMaterialFile;
  /** 0, or -1 when the file has no diffuse color to propose (not an error: the material simply proposes no color). */
  code: typeof FILE_CODES.ok | typeof FILE_CODES.noDiffuseColor;
  /** A map's image bytes as the file holds them (PNG, JPEG, TIFF …). */
  readMap(side: 'front' | 'back', kind: MapKind): Promise<Buffer>;
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/** Reads the U3M in `source`; `fileName` (the uploaded name) names the proposed color. Throws `MaterialFileError`. */
export async function readU3m(source: RangeSource, fileName: string): Promise<OpenedMaterialFile> {
  if (source.size < 4) throw new MaterialFileError(FILE_CODES.formatError, 'file is empty');
  const head = await readRange(source, 0, Math.min(source.size, 64));
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return readPackage(await openArchive(source), fileName);
  if (source.size > DESCRIPTION_MAX_BYTES) throw new MaterialFileError(FILE_CODES.sizeError, `description of ${source.size} bytes`);
  const text = await readRange(source, 0, source.size);
  const doc = parseDescription(text);
  const referenced = MAP_KINDS.some((kind) => doc.material.front?.[kind]?.texture || doc.material.back?.[kind]?.texture);
  // A bare description that names maps came without them: the package is what has to be uploaded.
  if (referenced) throw new MaterialFileError(FILE_CODES.noResource, 'the description names maps but came without them: upload the .u3ma or .zip package');
  return assemble(doc, fileName, new Map(), null);
}

async function readPackage(archive: Archive, fileName: string): Promise<OpenedMaterialFile> {
  const descriptions = archive.entries.filter((e) => e.path.toLowerCase().endsWith('.u3m'));
  if (descriptions.length === 0) throw new MaterialFileError(FILE_CODES.noResource, 'no .u3m description in the archive');
  if (descriptions.length > 1) throw new MaterialFileError(FILE_CODES.formatError, `${descriptions.length} descriptions in one package (a color-card zip names its colors in an XML index)`);
  const entry = descriptions[0]!;
  const doc = parseDescription(await archive.read(entry, DESCRIPTION_MAX_BYTES));
  const folder = path.dirname(entry.path);
  const maps = new Map<string, ArchiveEntry>();
  for (const which of ['front', 'back'] as const) {
    const s = sideOf(doc, which);
    for (const kind of MAP_KINDS) {
      const tex = s?.[kind]?.texture;
      if (!tex) continue;
      const found = archive.find(path.join(folder, tex.image.path));
      if (!found) throw new MaterialFileError(FILE_CODES.noResource, `${which} ${kind} map ${tex.image.path} is not in the archive`);
      if (found.size > MAP_MAX_BYTES) throw new MaterialFileError(FILE_CODES.sizeError, `${which} ${kind} map is ${found.size} bytes`);
      maps.set(`${which}/${kind}`, found);
    }
  }
  return assemble(doc, fileName, maps, archive);
}

function parseDescription(bytes: Buffer): z.output<typeof description> {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (exceedsJsonDepth(text, DESCRIPTION_MAX_DEPTH)) throw new MaterialFileError(FILE_CODES.formatError, 'description nested too deeply');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MaterialFileError(FILE_CODES.formatError, 'description is not JSON');
  }
  const version = (json as { schema?: unknown } | null)?.schema;
  if (typeof version !== 'string') throw new MaterialFileError(FILE_CODES.formatError, 'description has no schema version');
  if (!/^1\.\d+$/.test(version)) throw new MaterialFileError(FILE_CODES.wrongVersion, `U3M schema ${version}; this reads 1.x`);
  const parsed = description.safeParse(json);
  if (!parsed.success) throw new MaterialFileError(FILE_CODES.formatError, `description: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** U3M 1.1 may give one `side` for both; a null back means the back looks like the front. */
function sideOf(doc: z.output<typeof description>, which: 'front' | 'back'): Side | null {
  const m = doc.material;
  return (which === 'front' ? (m.front ?? m.side) : (m.back ?? null)) ?? null;
}

async function assemble(doc: z.output<typeof description>, fileName: string, maps: Map<string, ArchiveEntry>, archive: Archive | null): Promise<OpenedMaterialFile> {
  // 1.0 writes tile sizes in centimetres, 1.1 in millimetres.
  const toCm = doc.schema === '1.0' ? 1 : 0.1;
  const readMap = async (which: 'front' | 'back', kind: MapKind) => {
    const entry = maps.get(`${which}/${kind}`);
    if (!entry || !archive) throw new MaterialFileError(FILE_CODES.noResource, `no ${which} ${kind} map`);
    return archive.read(entry, MAP_MAX_BYTES);
  };
  const toSide = (s: Side | null): MaterialSide | null => {
    if (!s) return null;
    // A base color map stands for the color; its constant only blends with it, so it is kept only without a map.
    const out: MaterialSide = { maps: {}, basecolor: s.basecolor?.texture ? null : colorConstant(s.basecolor?.constant), roughness: numberConstant(s.roughness?.constant), metalness: numberConstant(s.metalness?.constant), alpha: numberConstant(s.alpha?.constant) };
    for (const kind of MAP_KINDS) {
      const tex = s[kind]?.texture;
      if (tex) out.maps[kind] = toMap(tex, toCm);
    }
    return out;
  };
  const front = toSide(sideOf(doc, 'front'));
  if (!front) throw new MaterialFileError(FILE_CODES.formatError, 'description has no front side');
  const back = toSide(sideOf(doc, 'back'));
  const sizes = [...Object.values(front.maps), ...Object.values(back?.maps ?? {})];
  const physicalSize = sizes.length ? { widthCm: Math.max(...sizes.map((m) => m.widthCm)), heightCm: Math.max(...sizes.map((m) => m.heightCm)) } : null;

  // Every map must be a picture, checked before anything is stored (a file refused for its last map leaves nothing
  // behind); the front base color map, read once, also gives the color the file proposes.
  let diffuse = front.basecolor;
  for (const [key] of maps) {
    const [which, kind] = key.split('/') as ['front' | 'back', MapKind];
    const bytes = await readMap(which, kind);
    await checkMap(bytes, `${which} ${kind} map`);
    if (which === 'front' && kind === 'basecolor') diffuse = await averageColor(bytes, sideOf(doc, 'front')?.basecolor?.texture?.factor);
  }
  const name = doc.material.name?.trim() || stem(fileName);
  const material: ParsedMaterialFile = {
    format: 'u3m',
    version: doc.schema,
    name,
    description: doc.material.description ?? '',
    front,
    back,
    physicalSize,
    colors: diffuse ? [{ name: stem(fileName).slice(0, COLOR_CARD_NAME_MAX), hex: hexOf(diffuse) }] : [],
  };
  return { material, code: diffuse ? FILE_CODES.ok : FILE_CODES.noDiffuseColor, readMap };
}

function toMap(tex: NonNullable<z.output<typeof texture>>, toCm: number): MaterialMap {
  const { image: img } = tex;
  return {
    path: img.path,
    widthCm: img.width * toCm,
    heightCm: img.height * toCm,
    dpi: typeof img.dpi === 'number' ? img.dpi : img.dpi.x,
    rotation: img.repeat?.rotation ?? 0,
    repeat: img.repeat?.mode ?? 'normal',
    factor: typeof tex.factor === 'number' ? tex.factor : (tex.scale ?? 1),
    offset: tex.offset ?? 0,
  };
}

function colorConstant(value: unknown): Rgb | null {
  const parsed = rgb.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function numberConstant(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The base color map's mean, in linear RGB, times the map's factor. */
async function averageColor(bytes: Buffer, factor: unknown): Promise<Rgb> {
  const { r, g, b } = await meanColor(bytes, 'front basecolor map');
  const f = colorConstant(factor) ?? { r: 1, g: 1, b: 1 };
  return { r: r * f.r, g: g * f.g, b: b * f.b };
}

const toSrgb = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** Linear RGB (as U3M computes colors) to an sRGB `#rrggbb`. */
export function hexOf(color: Rgb): string {
  return `#${[color.r, color.g, color.b].map((c) => Math.round(Math.min(1, Math.max(0, toSrgb(c))) * 255).toString(16).padStart(2, '0')).join('')}`;
}
