import { extname } from 'node:path';
import {
  MATERIAL_IMPORT_IMAGE_EXTENSIONS,
  MATERIAL_IMPORT_ZIP_MAX_BYTES,
  MATERIAL_IMPORT_ZIP_MAX_ENTRIES,
  MATERIAL_IMPORT_ZIP_MAX_TOTAL_BYTES,
} from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { IMAGE_MAX_BYTES } from '../images/presets';
import { bufferSource, openArchive, type ArchiveEntry } from '../material-files/open-archive';
import { FILE_CODES, MaterialFileError } from '../material-files/parse-codes';
import { fileRefused } from '../uploads/upload-paths';
import { detectFileType } from '../uploads/detect-file-type';

/** The pictures of an import's zip, by the name the sheet gives them. */
export type ImportImages = {
  count: number;
  /** The entry a sheet's name means (compared without case, `./` and leading slashes), or undefined. */
  find(name: string): ArchiveEntry | undefined;
  /** An entry's bytes (at most the editor's picture size). */
  read(entry: ArchiveEntry): Promise<Buffer>;
};

const refused = (lang: Lang, key: string, params: Record<string, unknown> = {}) => fileRefused(ERROR.fieldInvalid, lang, key, params, 'images');
const IMAGE_EXTENSIONS = new Set<string>(MATERIAL_IMPORT_IMAGE_EXTENSIONS.map((e) => `.${e}`));
/** What an archive tool adds beside the files: never a picture the sheet could mean. */
const METADATA = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/i;

/**
 * Opens the zip of pictures beside an import's sheet (docs/product/integrations.md#bulk-import) with the archive reader
 * the material files use: bounded in size, entries and inflated total, and refused whole for an entry whose path would
 * leave the archive or that is not a jpg, png or webp picture. Nothing is fetched and nothing is unpacked to disk.
 */
export async function openImportImages(file: { name: string; bytes: Uint8Array }, lang: Lang): Promise<ImportImages> {
  if (extname(file.name).toLowerCase() !== '.zip') throw refused(lang, 'validation.importZipType');
  if (file.bytes.byteLength > MATERIAL_IMPORT_ZIP_MAX_BYTES) throw refused(lang, 'validation.importZipTooLarge', { max: MATERIAL_IMPORT_ZIP_MAX_BYTES / 1024 / 1024 });
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  let archive;
  try {
    archive = await openArchive(bufferSource(bytes), {
      maxEntries: MATERIAL_IMPORT_ZIP_MAX_ENTRIES,
      maxTotalBytes: MATERIAL_IMPORT_ZIP_MAX_TOTAL_BYTES,
      maxEntryBytes: IMAGE_MAX_BYTES,
      maxRatio: 100,
      ratioFloorBytes: 1024 * 1024,
    });
  } catch (err) {
    if (!(err instanceof MaterialFileError)) throw err;
    if (/leaves the archive/.test(err.detail)) throw refused(lang, 'validation.importZipUnsafePath');
    if (err.code === FILE_CODES.sizeError && /entries$/.test(err.detail)) throw refused(lang, 'validation.importZipTooManyEntries', { max: MATERIAL_IMPORT_ZIP_MAX_ENTRIES });
    if (err.code === FILE_CODES.sizeError && /^entry (.+) claims/.test(err.detail)) throw refused(lang, 'validation.importZipImageTooLarge', { name: /^entry (.+) claims/.exec(err.detail)![1], max: IMAGE_MAX_BYTES / 1024 / 1024 });
    if (err.code === FILE_CODES.sizeError) throw refused(lang, 'validation.importZipTooLarge', { max: MATERIAL_IMPORT_ZIP_MAX_BYTES / 1024 / 1024 });
    throw refused(lang, 'validation.importZipUnreadable');
  }
  const pictures = archive.entries.filter((e) => !METADATA.test(e.path));
  for (const entry of pictures) {
    // yauzl refuses absolute paths and `..` itself; a backslash or a drive letter is refused here.
    if (entry.path.includes('\\') || /^[a-z]:/i.test(entry.path) || entry.path.split('/').includes('..')) throw refused(lang, 'validation.importZipUnsafePath');
    if (!IMAGE_EXTENSIONS.has(extname(entry.path).toLowerCase())) throw refused(lang, 'validation.importZipNotImage', { name: entry.path });
  }
  const read = async (entry: ArchiveEntry) => {
    try {
      return await archive.read(entry, IMAGE_MAX_BYTES);
    } catch (err) {
      if (err instanceof MaterialFileError) throw refused(lang, 'validation.importZipUnreadable');
      throw err;
    }
  };
  return {
    count: pictures.length,
    find: (name) => {
      const entry = archive.find(name);
      return entry && !METADATA.test(entry.path) ? entry : undefined;
    },
    read,
  };
}

/** Whether an entry's first bytes are a picture of an accepted type (its name says so already). */
export async function looksLikeImage(bytes: Buffer): Promise<boolean> {
  const type = await detectFileType(bytes);
  return !!type && ['jpg', 'png', 'webp'].includes(type.ext);
}
