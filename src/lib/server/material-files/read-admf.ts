/**
 * Reads an ADMF material (docs/product/material-files.md#admf): a zip (`.admf`) holding one binary description block
 * (`*.admfd`) and the maps it names. ADMF has no published layout; the block is the product's own, documented
 * there: a 16-byte header (magic `ADMF`, uint16 LE major, uint16 LE minor, uint32 LE payload length, uint32 LE CRC-32
 * of the payload) and a UTF-8 JSON payload with the name, the tile size in millimetres, the color blocks (colorways)
 * and the maps per side. Each step of the block has its own code, so a supplier's tool can tell a truncated file (-8)
 * from a corrupted one (-9) from one written with wrong values (-5).
 */
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { exceedsJsonDepth } from '../../json-depth';
import { COLOR_CARD_NAME_MAX, MAP_KINDS, type MapKind, type MaterialMap, type MaterialSide, type ParsedMaterialFile, type ProposedColor, type Rgb } from './material-file';
import { openArchive, type ArchiveEntry, type RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError } from './parse-codes';
import { checkMap, dpiOf, insidePath, linearOfHex, meanColor, stem } from './read-shared';
import { hexOf, MAP_MAX_BYTES, type OpenedMaterialFile } from './read-u3m';

export const ADMF_MAGIC = 'ADMF';
export const ADMF_HEADER_BYTES = 16;
/** The payload is a description, not data: the largest real ones are tens of kilobytes. */
export const ADMF_PAYLOAD_MAX_BYTES = 8 * 1024 * 1024;
const PAYLOAD_MAX_DEPTH = 64;
/** 1.9 is the first version whose block carries the CRC and color blocks this reads. */
const MAJOR = 1;
const MIN_MINOR = 9;
const MAX_COLORS = 60;

const mapPath = z.string().trim().min(1).max(1024);
const unit = z.number().min(0).max(1);
const side = z.object({
  maps: z.partialRecord(z.enum(MAP_KINDS), mapPath).default({}),
  roughness: unit.optional(),
  metalness: unit.optional(),
  alpha: unit.optional(),
});
const linearRgb = z.object({ r: unit, g: unit, b: unit });
const colorBlock = z
  .object({
    name: z.string().trim().min(1).max(255),
    /** sRGB `#rrggbb`, or linear RGB 0–1 as U3M writes constants. */
    diffuse: z.union([z.string().regex(/^#[0-9a-fA-F]{6}$/), linearRgb]).optional(),
    basecolorMap: mapPath.optional(),
  })
  .refine((c) => c.diffuse !== undefined || c.basecolorMap !== undefined, { message: 'a color block needs a diffuse color or a base color map' });
const payloadSchema = z.object({
  name: z.string().trim().max(255).optional(),
  description: z.string().max(10_000).optional(),
  size: z.object({ widthMm: z.number().positive().max(100_000), heightMm: z.number().positive().max(100_000) }),
  colors: z.array(colorBlock).max(MAX_COLORS).default([]),
  front: side,
  back: side.nullable().optional(),
});
type Payload = z.output<typeof payloadSchema>;

/** Reads the ADMF in `source`; `fileName` (the uploaded name) names it when the payload does not. Throws `MaterialFileError`. */
export async function readAdmf(source: RangeSource, fileName: string): Promise<OpenedMaterialFile> {
  const archive = await openArchive(source);
  const blocks = archive.entries.filter((e) => e.path.toLowerCase().endsWith('.admfd'));
  if (blocks.length === 0) throw new MaterialFileError(FILE_CODES.noResource, 'no .admfd description block in the archive');
  if (blocks.length > 1) throw new MaterialFileError(FILE_CODES.formatError, `${blocks.length} description blocks; an ADMF has one`);
  const { version, payload } = decodeBlock(await archive.read(blocks[0]!, ADMF_HEADER_BYTES + ADMF_PAYLOAD_MAX_BYTES));

  // Every path the payload names is found before any map is read, so a missing one is answered without decoding.
  const find = (p: string, what: string): ArchiveEntry => {
    const entry = archive.find(insidePath('.', p));
    if (!entry) throw new MaterialFileError(FILE_CODES.noResource, `${what} ${p} is not in the archive`);
    if (entry.size > MAP_MAX_BYTES) throw new MaterialFileError(FILE_CODES.sizeError, `${what} is ${entry.size} bytes`);
    return entry;
  };
  const maps = new Map<string, ArchiveEntry>();
  for (const which of ['front', 'back'] as const) {
    for (const [kind, p] of Object.entries(payload[which]?.maps ?? {}) as [MapKind, string][]) maps.set(`${which}/${kind}`, find(p, `${which} ${kind} map`));
  }
  const colorMaps = payload.colors.map((c) => (c.basecolorMap === undefined ? null : find(c.basecolorMap, `base color map of color ${c.name}`)));

  const readMap = async (which: 'front' | 'back', kind: MapKind) => {
    const entry = maps.get(`${which}/${kind}`);
    if (!entry) throw new MaterialFileError(FILE_CODES.noResource, `no ${which} ${kind} map`);
    return archive.read(entry, MAP_MAX_BYTES);
  };
  const widthCm = payload.size.widthMm / 10;
  const heightCm = payload.size.heightMm / 10;
  const firstDiffuse = payload.colors[0]?.diffuse;
  const toSide = async (which: 'front' | 'back'): Promise<MaterialSide | null> => {
    const s = payload[which];
    if (!s) return null;
    const out: MaterialSide = { maps: {}, basecolor: null, roughness: s.roughness ?? null, metalness: s.metalness ?? null, alpha: s.alpha ?? null };
    // The first color block is the colorway the material is shown in; a base color map stands for it where there is one.
    if (which === 'front' && !s.maps.basecolor && firstDiffuse !== undefined) out.basecolor = linearOf(firstDiffuse);
    for (const [kind, p] of Object.entries(s.maps) as [MapKind, string][]) {
      const { width } = await checkMap(await readMap(which, kind), `${which} ${kind} map`);
      out.maps[kind] = { path: p, widthCm, heightCm, dpi: dpiOf(width, widthCm), rotation: 0, repeat: 'normal', factor: 1, offset: 0 } satisfies MaterialMap;
    }
    return out;
  };
  const front = (await toSide('front'))!;
  const back = await toSide('back');

  const colors: ProposedColor[] = [];
  for (const [i, block] of payload.colors.entries()) {
    const entry = colorMaps[i];
    let color: Rgb | null = block.diffuse === undefined ? null : linearOf(block.diffuse);
    if (entry) {
      const bytes = await archive.read(entry, MAP_MAX_BYTES);
      const what = `base color map of color ${block.name}`;
      if (color) await checkMap(bytes, what);
      else color = await meanColor(bytes, what);
    }
    colors.push({ name: block.name.slice(0, COLOR_CARD_NAME_MAX), hex: typeof block.diffuse === 'string' ? block.diffuse.toLowerCase() : hexOf(color!) });
  }

  const material: ParsedMaterialFile = {
    format: 'admf',
    version,
    name: payload.name || stem(fileName),
    description: payload.description ?? '',
    front,
    back,
    physicalSize: maps.size ? { widthCm, heightCm } : null,
    colors,
  };
  return { material, code: colors.length ? FILE_CODES.ok : FILE_CODES.noDiffuseColor, readMap };
}

function linearOf(diffuse: string | Rgb): Rgb {
  return typeof diffuse === 'string' ? linearOfHex(diffuse)! : diffuse;
}

/** The header's checks in order: its shape (-8), the version (-7), the length (-2 past the limit, -8 when it lies), then the payload's integrity (-9) and values (-5). */
function decodeBlock(block: Buffer): { version: string; payload: Payload } {
  if (block.length < ADMF_HEADER_BYTES) throw new MaterialFileError(FILE_CODES.badHead, `description block of ${block.length} bytes is shorter than its ${ADMF_HEADER_BYTES}-byte header`);
  if (block.toString('latin1', 0, 4) !== ADMF_MAGIC) throw new MaterialFileError(FILE_CODES.badHead, 'description block does not start with ADMF');
  const major = block.readUInt16LE(4);
  const minor = block.readUInt16LE(6);
  const length = block.readUInt32LE(8);
  const crc = block.readUInt32LE(12);
  if (major !== MAJOR || minor < MIN_MINOR) throw new MaterialFileError(FILE_CODES.wrongVersion, `ADMF ${major}.${minor}; this reads ${MAJOR}.${MIN_MINOR} and later 1.x`);
  if (length > ADMF_PAYLOAD_MAX_BYTES) throw new MaterialFileError(FILE_CODES.sizeError, `payload of ${length} bytes`);
  const bytes = block.subarray(ADMF_HEADER_BYTES);
  if (bytes.length !== length) throw new MaterialFileError(FILE_CODES.badHead, `header gives a payload of ${length} bytes, ${bytes.length} follow`);
  if (crc32(bytes) !== crc) throw new MaterialFileError(FILE_CODES.decodeError, 'payload does not match its CRC-32');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new MaterialFileError(FILE_CODES.decodeError, 'payload is not UTF-8');
  }
  if (exceedsJsonDepth(text, PAYLOAD_MAX_DEPTH)) throw new MaterialFileError(FILE_CODES.decodeError, 'payload nested too deeply');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MaterialFileError(FILE_CODES.decodeError, 'payload is not JSON');
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw new MaterialFileError(FILE_CODES.parameterError, `payload: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return { version: `${major}.${minor}`, payload: parsed.data };
}
