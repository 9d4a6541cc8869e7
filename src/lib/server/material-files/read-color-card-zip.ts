/**
 * Reads a color-card zip (docs/product/material-files.md#color-card-zips): one material in several colors, as a zip
 * with an XML index (`index.xml` or `colorcards.xml`) that lists each color's name and the U3M or xTex file holding
 * it. Every listed file is read as its own reader reads it; the first color's maps and tile size become the
 * material's, and every color becomes a proposed color card. A failure that is the zip's own carries a zip code
 * beside the file code, so the supplier learns which part of the archive to fix.
 */
import path from 'node:path/posix';
import { logger } from '../logger';
import { COLOR_CARD_NAME_MAX, type ParsedMaterialFile, type ProposedColor } from './material-file';
import { bufferSource, openArchive, type Archive, type ArchiveEntry, type RangeSource } from './open-archive';
import { FILE_CODES, MaterialFileError, ZIP_CODES, type FileCode, type ZipCode } from './parse-codes';
import { insidePath, linearOfHex, stem } from './read-shared';
import { readU3m, type OpenedMaterialFile } from './read-u3m';
import { readXtex } from './read-xtex';
import { child, childrenNamed, parseXml, XmlError, type XmlElement } from './xml';

const INDEX_NAMES = ['index.xml', 'colorcards.xml'];
const INDEX_MAX_BYTES = 1024 * 1024;
/**
 * One listed file, inflated. A file inside the zip is read from a copy in memory (a deflated entry cannot be read by
 * ranges), so this bounds what one color may hold; the colors are read one at a time.
 */
export const NESTED_MAX_BYTES = 256 * 1024 * 1024;
export const MAX_COLORS = 60;

const READERS: Readonly<Record<string, { read: typeof readU3m; zipCode: ZipCode }>> = {
  u3m: { read: readU3m, zipCode: ZIP_CODES.u3mFormatError },
  u3ma: { read: readU3m, zipCode: ZIP_CODES.u3mFormatError },
  zip: { read: readU3m, zipCode: ZIP_CODES.u3mFormatError },
  xtex: { read: readXtex, zipCode: ZIP_CODES.xtexXmlFormatError },
};

interface Listed {
  name: string;
  file: string;
  entry: ArchiveEntry;
  hex: string | null;
  reader: (typeof READERS)[string];
}

const zipError = (code: FileCode, zipCode: ZipCode, detail: string) => new MaterialFileError(code, detail, zipCode);

/** Reads the color-card zip in `source`; `fileName` (the uploaded name) names it when the index does not. Throws `MaterialFileError`. */
export async function readColorCardZip(source: RangeSource, fileName: string): Promise<OpenedMaterialFile> {
  const archive = await openArchive(source);
  const index = findIndex(archive);
  if (index.size > INDEX_MAX_BYTES) throw zipError(FILE_CODES.sizeError, ZIP_CODES.xmlFormatError, `index ${index.path} is ${index.size} bytes`);
  const root = readIndex(await archive.read(index, INDEX_MAX_BYTES));
  const version = root.attributes.get('version')?.trim() || '1.0';
  const listed = list(root, archive, path.dirname(index.path));

  // The first color is read last and kept (its maps are stored after this returns), so at most one listed file is
  // in memory at a time.
  const hexes: string[] = [];
  for (const color of listed.slice(1)) hexes.push(colorHex(color, await open(archive, color)));
  const first = await open(archive, listed[0]!);
  hexes.unshift(colorHex(listed[0]!, first));

  const colors: ProposedColor[] = listed.map((color, i) => ({ name: color.name, hex: hexes[i]! }));
  const material: ParsedMaterialFile = {
    format: 'color-card-zip',
    version,
    name: root.attributes.get('name')?.trim() || stem(fileName),
    description: '',
    front: first.material.front,
    back: first.material.back,
    physicalSize: first.material.physicalSize,
    colors,
  };
  return { material, code: FILE_CODES.ok, readMap: first.readMap };
}

/** The index at the root, or inside the one top folder a zip made by compressing a folder has. */
function findIndex(archive: Archive): ArchiveEntry {
  for (const name of INDEX_NAMES) {
    const atRoot = archive.find(name);
    if (atRoot) return atRoot;
  }
  const nested = archive.entries.filter((e) => {
    const parts = e.path.replace(/^\.?\//, '').split('/');
    return parts.length === 2 && INDEX_NAMES.includes(parts[1]!.toLowerCase());
  });
  const folders = new Set(nested.map((e) => e.path.replace(/^\.?\//, '').split('/')[0]!.toLowerCase()));
  if (folders.size === 1) {
    return nested.sort((a, b) => INDEX_NAMES.indexOf(path.basename(a.path).toLowerCase()) - INDEX_NAMES.indexOf(path.basename(b.path).toLowerCase()))[0]!;
  }
  throw zipError(FILE_CODES.noResource, ZIP_CODES.xmlMissing, folders.size ? `indexes in ${folders.size} folders; a color-card zip has one` : `no ${INDEX_NAMES.join(' or ')} index in the archive`);
}

function readIndex(bytes: Buffer): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(bytes);
  } catch (err) {
    if (err instanceof XmlError) throw zipError(FILE_CODES.formatError, ZIP_CODES.xmlFormatError, `index: ${err.message}`);
    throw err;
  }
  if (root.name !== 'colorcards') throw zipError(FILE_CODES.formatError, ZIP_CODES.xmlFormatError, `index root element <${root.name}>; a color-card index is <colorcards>`);
  const version = root.attributes.get('version')?.trim();
  if (version !== undefined && !/^\d+\.\d+$/.test(version)) throw zipError(FILE_CODES.formatError, ZIP_CODES.xmlFormatError, `index version ${JSON.stringify(version)} is not major.minor`);
  if (version !== undefined && !version.startsWith('1.')) throw zipError(FILE_CODES.wrongVersion, ZIP_CODES.xmlFormatError, `index version ${version}; this reads 1.x`);
  return root;
}

/** The index's colors, checked as parameters (zip -5) and found in the archive (zip -3) before any is read. */
function list(root: XmlElement, archive: Archive, folder: string): Listed[] {
  const parameter = (detail: string) => zipError(FILE_CODES.parameterError, ZIP_CODES.parameterError, detail);
  const elements = childrenNamed(child(root, 'colors') ?? root, 'color');
  if (elements.length === 0) throw parameter('the index lists no color');
  if (elements.length > MAX_COLORS) throw parameter(`the index lists ${elements.length} colors; at most ${MAX_COLORS} are read`);
  const seen = new Map<string, number>();
  const listed: Listed[] = [];
  for (const [i, element] of elements.entries()) {
    const name = (element.attributes.get('name') ?? '').trim().slice(0, COLOR_CARD_NAME_MAX).trim();
    if (!name) throw parameter(`color ${i + 1} has no name`);
    // Names are compared as the cards will carry them: cut, and without case.
    const same = seen.get(name.toLowerCase());
    if (same !== undefined) throw parameter(`colors ${same} and ${i + 1} are both named ${JSON.stringify(name)}`);
    seen.set(name.toLowerCase(), i + 1);
    const file = (element.attributes.get('file') ?? '').trim();
    if (!file) throw parameter(`color ${JSON.stringify(name)} names no file`);
    const ext = file.split('.').pop()!.toLowerCase();
    const reader = file.includes('.') && Object.hasOwn(READERS, ext) ? READERS[ext]! : null;
    if (!reader) throw parameter(`color ${JSON.stringify(name)} names ${file}; a color is a ${Object.keys(READERS).join(', ')} file`);
    const hexAttribute = element.attributes.get('hex')?.trim();
    if (hexAttribute !== undefined && !linearOfHex(hexAttribute)) throw parameter(`color ${JSON.stringify(name)} has hex ${JSON.stringify(hexAttribute)}, not #rrggbb`);
    let at: string;
    try {
      at = insidePath(folder, file);
    } catch (err) {
      throw err instanceof MaterialFileError ? parameter(`color ${JSON.stringify(name)}: ${err.detail}`) : err;
    }
    const entry = archive.find(at);
    if (!entry) throw zipError(FILE_CODES.noResource, ZIP_CODES.entryFileMissing, `color ${JSON.stringify(name)}: ${file} is not in the archive`);
    const hex = hexAttribute === undefined ? null : `#${hexAttribute.replace(/^#/, '').toLowerCase()}`;
    listed.push({ name, file, entry, hex, reader });
  }
  return listed;
}

/** One listed file, read by its own reader; its failure is answered with the zip code of its kind. */
async function open(archive: Archive, color: Listed): Promise<OpenedMaterialFile> {
  const fail = (code: FileCode, detail: string) => zipError(code, color.reader.zipCode, `color ${JSON.stringify(color.name)} (${color.file}): ${detail}`);
  try {
    if (color.entry.size > NESTED_MAX_BYTES) throw fail(FILE_CODES.sizeError, `${color.entry.size} bytes, more than ${NESTED_MAX_BYTES}`);
    const bytes = await archive.read(color.entry, NESTED_MAX_BYTES);
    return await color.reader.read(bufferSource(bytes), color.file);
  } catch (err) {
    if (err instanceof MaterialFileError) throw err.zipCode === undefined ? fail(err.code, err.detail) : err;
    logger.error({ err, file: color.file }, 'a color of a color-card zip could not be read');
    throw zipError(FILE_CODES.internalError, ZIP_CODES.internalError, `color ${JSON.stringify(color.name)} (${color.file}): ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The index's hex when it gives one (the supplier's stated color), else the color its file proposes. */
function colorHex(color: Listed, opened: OpenedMaterialFile): string {
  const hex = color.hex ?? opened.material.colors[0]?.hex;
  if (!hex) throw zipError(FILE_CODES.parameterError, ZIP_CODES.parameterError, `color ${JSON.stringify(color.name)} has no color: ${color.file} has no diffuse color and the index gives no hex`);
  return hex;
}
