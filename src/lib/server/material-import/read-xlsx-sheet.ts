/**
 * Reads the first worksheet of an imported .xlsx as text, without ever holding more of it than its bounds allow. The
 * archive's central directory is checked first (open-archive.ts, with `IMPORT_XLSX_LIMITS`): too many entries, an
 * entry or a total that would inflate past the limits, a suspicious ratio, or a part a sheet of text does not need
 * (pictures, embedded files, macros) refuses the file before anything is inflated. The few parts that are read are
 * inflated as a stream and parsed as they come (saxes), counted against their declared sizes, and the worksheet is
 * left as soon as it has one data row more than `MATERIAL_IMPORT_MAX_ROWS`.
 */
import { posix } from 'node:path';
import { SaxesParser } from 'saxes';
import {
  MATERIAL_IMPORT_CELL_MAX_CHARS,
  MATERIAL_IMPORT_MAX_COLUMNS,
  MATERIAL_IMPORT_MAX_ROWS,
  MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES,
} from '../../contracts/material-import-rules';
import { bufferSource, openArchive, type Archive, type ArchiveLimits } from '../material-files/open-archive';
import { FILE_CODES, MaterialFileError } from '../material-files/parse-codes';
import { ImportSheetRefusal } from './import-sheet-refusal';
import type { ImportSheet } from './parse-import-sheet';

const MiB = 1024 * 1024;

export const IMPORT_XLSX_LIMITS: ArchiveLimits = {
  /** A workbook of a few sheets has a few dozen parts. */
  maxEntries: 200,
  maxTotalBytes: MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES,
  maxEntryBytes: MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES / 2,
  /** Sheet XML repeats itself and packs well, but not past this: a larger ratio is padding. */
  maxRatio: 200,
  ratioFloorBytes: 1 * MiB,
};

/** Parts that only point to others or describe styles: small in any real file. */
const SMALL_PART_MAX_BYTES = 4 * MiB;
/** Shared strings a sheet within the row and column bounds can use. */
const MAX_SHARED_STRINGS = (MATERIAL_IMPORT_MAX_ROWS + 1) * MATERIAL_IMPORT_MAX_COLUMNS;
/** The largest row and column numbers a spreadsheet has (1,048,576 rows, XFD columns). */
const SHEET_MAX_ROW = 1_048_576;
const SHEET_MAX_COLUMN = 16_384;

/**
 * A sheet of text is XML parts (and the printer settings Excel writes for any page setup, never read); pictures,
 * embedded objects, macros and ActiveX are refused whatever their name.
 */
const TEXT_PART = /\.(xml|rels|vml)$/i;
const PRINTER_SETTINGS = /^xl\/printerSettings\/printerSettings\d+\.bin$/i;
const NEVER_IN_A_SHEET = /^xl\/(media|embeddings|activeX)\/|vbaProject/i;

const unreadable = () => new ImportSheetRefusal('unreadable');

type Tag = { name: string; attributes: Record<string, string> };
type XmlHandlers = { open?(tag: Tag): void; close?(name: string): void; text?(text: string): void };

/** Without a namespace prefix: some writers spell `<x:row>`. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attribute = (tag: Tag, name: string) => Object.entries(tag.attributes).find(([k]) => local(k) === name)?.[1];

/** Thrown by a handler that has read enough: the part is left where it is, unread and uninflated past that point. */
const STOP = new Error('enough of this part');

/** Parses the part `path` as it is inflated, until its end or until a handler throws `STOP`. */
async function parsePart(archive: Archive, path: string, maxBytes: number, handlers: XmlHandlers): Promise<void> {
  const entry = archive.find(path);
  if (!entry) throw unreadable();
  const parser = new SaxesParser({ xmlns: false });
  // Entity declarations are how XML grows without bound; no sheet part has a DOCTYPE.
  parser.on('doctype', () => {
    throw unreadable();
  });
  parser.on('opentag', (tag) => handlers.open?.({ name: local(tag.name), attributes: tag.attributes as Record<string, string> }));
  parser.on('closetag', (tag) => handlers.close?.(local(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of archive.stream(entry, maxBytes)) parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err !== STOP) throw err;
  }
}

type Relationship = { target: string; type: string; external: boolean };

/** The relationships of `part` by id, their targets resolved to archive paths (external ones kept as written). */
async function readRelationships(archive: Archive, part: string): Promise<Map<string, Relationship>> {
  const path = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  if (!archive.find(path)) return found;
  await parsePart(archive, path, SMALL_PART_MAX_BYTES, {
    open: (tag) => {
      const id = tag.attributes.Id;
      const target = tag.attributes.Target;
      if (tag.name !== 'Relationship' || !id || !target) return;
      const external = tag.attributes.TargetMode === 'External';
      const resolved = external ? target : target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(part), target));
      found.set(id, { target: resolved, type: tag.attributes.Type ?? '', external });
    },
  });
  return found;
}

const ofType = (rels: Map<string, Relationship>, type: string) => [...rels.values()].find((r) => !r.external && r.type.endsWith(`/${type}`));

/** Number formats Excel shows as dates by their built-in id. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** A format code that shows a date or time: a y, m, d, h or s outside quoted text and brackets. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*\]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, ''));

/** The style indexes (`s` of a cell) whose number is shown as a date. */
async function readDateStyles(archive: Archive, path: string | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!path || !archive.find(path)) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  await parsePart(archive, path, SMALL_PART_MAX_BYTES, {
    open: (tag) => {
      if (tag.name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
      else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!))) dates.add(xf);
        xf += 1;
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

/** Appends to a cell's text, refusing a cell longer than a spreadsheet allows. */
function grow(text: string, more: string): string {
  if (text.length + more.length > MATERIAL_IMPORT_CELL_MAX_CHARS) throw new ImportSheetRefusal('cellTooLong', { max: MATERIAL_IMPORT_CELL_MAX_CHARS });
  return text + more;
}

/** The texts of the shared-string table, rich runs joined and phonetic guides left out. */
async function readSharedStrings(archive: Archive, path: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!path || !archive.find(path)) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parsePart(archive, path, IMPORT_XLSX_LIMITS.maxEntryBytes, {
    open: (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 't') inText = true;
      else if (tag.name === 'rPh') phonetic += 1;
    },
    text: (text) => {
      if (inText && phonetic === 0) current = grow(current, text);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        if (strings.length === MAX_SHARED_STRINGS) throw new ImportSheetRefusal('inflatesTooMuch', { max: MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES / MiB });
        strings.push(current);
      }
    },
  });
  return strings;
}

/** A cell reference's column (`C7` is 3), or null when it is not one. */
function columnOf(ref: string): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1];
  if (!letters) return null;
  let column = 0;
  for (const ch of letters.toUpperCase()) column = column * 26 + ch.charCodeAt(0) - 64;
  return column <= SHEET_MAX_COLUMN ? column : null;
}

/** An Excel date serial as ISO text, as a date cell showed before (1900 or 1904 date system). */
function serialDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString();
}

type Workbook = { strings: string[]; dateStyles: Set<number>; date1904: boolean };

/** A cell's value as the text it shows: numbers as written, dates as ISO, a formula by its last result, errors empty. */
function cellText(type: string, raw: string, style: number, book: Workbook): string {
  switch (type) {
    case 's':
      return (book.strings[Number(raw)] ?? '').trim();
    case 'inlineStr':
    case 'str':
      return raw.trim();
    case 'b':
      return raw.trim() === '1' ? 'true' : raw.trim() === '' ? '' : 'false';
    case 'e':
      return '';
    case 'd': {
      const date = new Date(raw.trim());
      return Number.isNaN(date.getTime()) ? raw.trim() : date.toISOString();
    }
    default: {
      const text = raw.trim();
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) return text;
      return book.dateStyles.has(style) ? serialDate(number, book.date1904) : String(number);
    }
  }
}

/** The worksheet's rows as text; a link to the web stands for its cell, so an image given by URL is seen as one. */
async function readWorksheet(archive: Archive, path: string, book: Workbook): Promise<ImportSheet> {
  let headers: string[] | null = null;
  const rows: ImportSheet['rows'] = [];
  let tooMany = false;
  let lastRow = 0;
  let cells: string[] = [];
  let lastColumn = 0;
  let cell: { column: number; type: string; style: number; raw: string } | null = null;
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  const links: { ref: string; id: string }[] = [];

  await parsePart(archive, path, IMPORT_XLSX_LIMITS.maxEntryBytes, {
    open: (tag) => {
      switch (tag.name) {
        case 'row': {
          const number = tag.attributes.r === undefined ? lastRow + 1 : Number(tag.attributes.r);
          if (!Number.isInteger(number) || number <= lastRow || number > SHEET_MAX_ROW) throw unreadable();
          lastRow = number;
          cells = [];
          lastColumn = 0;
          break;
        }
        case 'c': {
          const column = tag.attributes.r === undefined ? lastColumn + 1 : columnOf(tag.attributes.r);
          if (column === null || column > SHEET_MAX_COLUMN) throw unreadable();
          lastColumn = column;
          cell = { column, type: tag.attributes.t ?? 'n', style: Number(tag.attributes.s ?? 0), raw: '' };
          break;
        }
        case 'v':
          inValue = true;
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 'hyperlink': {
          const id = attribute(tag, 'id');
          if (tag.attributes.ref && id && links.length <= MATERIAL_IMPORT_MAX_ROWS * MATERIAL_IMPORT_MAX_COLUMNS) links.push({ ref: tag.attributes.ref, id });
          break;
        }
      }
    },
    text: (text) => {
      if (cell && (inValue || (inInline && phonetic === 0))) cell.raw = grow(cell.raw, text);
    },
    close: (name) => {
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && cell) {
        const text = cellText(cell.type, cell.raw, cell.style, book);
        if (text !== '') {
          if (cell.column > MATERIAL_IMPORT_MAX_COLUMNS) throw new ImportSheetRefusal('tooManyColumns', { max: MATERIAL_IMPORT_MAX_COLUMNS });
          cells[cell.column - 1] = text;
        }
        cell = null;
      } else if (name === 'row') {
        if (cells.length === 0) return;
        const filled = Array.from(cells, (c) => c ?? '');
        if (headers === null) headers = filled;
        else if (rows.length === MATERIAL_IMPORT_MAX_ROWS) {
          tooMany = true;
          throw STOP;
        } else rows.push({ row: lastRow, cells: filled });
      }
    },
  });
  if (tooMany) throw new ImportSheetRefusal('tooManyRows', { max: MATERIAL_IMPORT_MAX_ROWS });
  if (links.length > 0) {
    const rels = await readRelationships(archive, path);
    const byNumber = new Map(rows.map((r) => [r.row, r]));
    for (const link of links) {
      const target = rels.get(link.id);
      if (!target?.external || !/^https?:\/\//i.test(target.target)) continue;
      const [, letters, number] = /^([A-Z]{1,3})(\d+)/i.exec(link.ref) ?? [];
      const column = letters ? columnOf(letters) : null;
      const row = byNumber.get(Number(number));
      if (row && column !== null && column <= MATERIAL_IMPORT_MAX_COLUMNS) {
        for (let i = row.cells.length; i < column - 1; i += 1) row.cells.push('');
        row.cells[column - 1] = target.target.trim().slice(0, MATERIAL_IMPORT_CELL_MAX_CHARS);
      }
    }
  }
  return { format: 'xlsx', headers: headers ?? [], rows };
}

function archiveRefusal(err: unknown): unknown {
  if (!(err instanceof MaterialFileError)) return err;
  return err.code === FILE_CODES.sizeError ? new ImportSheetRefusal('inflatesTooMuch', { max: MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES / MiB }) : unreadable();
}

/** The first worksheet of the .xlsx in `bytes`; throws `ImportSheetRefusal` (see the module comment). */
export async function readXlsxSheet(bytes: Buffer): Promise<ImportSheet> {
  // An .xlsx is a zip: anything else under that name (an old .xls, a renamed file) is the wrong type.
  if (bytes.toString('latin1', 0, 2) !== 'PK') throw new ImportSheetRefusal('type');
  try {
    const archive = await openArchive(bufferSource(bytes), IMPORT_XLSX_LIMITS);
    for (const { path } of archive.entries) {
      if (NEVER_IN_A_SHEET.test(path) || !(TEXT_PART.test(path) || PRINTER_SETTINGS.test(path))) throw new ImportSheetRefusal('unexpectedPart', { name: path.slice(0, 200) });
    }
    const document = ofType(await readRelationships(archive, ''), 'officeDocument');
    const workbookPath = document?.target ?? 'xl/workbook.xml';
    let sheetId: string | undefined;
    let date1904 = false;
    await parsePart(archive, workbookPath, SMALL_PART_MAX_BYTES, {
      open: (tag) => {
        if (tag.name === 'sheet') sheetId ??= attribute(tag, 'id');
        else if (tag.name === 'workbookPr') date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
      },
    });
    const rels = await readRelationships(archive, workbookPath);
    const sheet = sheetId === undefined ? undefined : rels.get(sheetId);
    if (!sheet || sheet.external) throw new ImportSheetRefusal('empty');
    const book: Workbook = {
      dateStyles: await readDateStyles(archive, ofType(rels, 'styles')?.target),
      strings: await readSharedStrings(archive, ofType(rels, 'sharedStrings')?.target),
      date1904,
    };
    return await readWorksheet(archive, sheet.target, book);
  } catch (err) {
    if (err instanceof ImportSheetRefusal) throw err;
    const refusal = archiveRefusal(err);
    // Whatever else the XML or the archive throws (saxes, the UTF-8 decoder, zlib) is a file that cannot be read.
    throw refusal instanceof ImportSheetRefusal ? refusal : unreadable();
  }
}
