/**
 * Reads a palette or a licensed color book from CSV, the other form swatches come in besides ASE: a header row
 * naming the columns (`name` and `hex` required, `code` and `group` optional, in any order and case), then one
 * color a row, RFC 4180 quoting, UTF-8 with or without a byte-order mark. A row that cannot be used is reported by
 * its line and skipped; a file without the required columns, too large or with too many rows is refused whole.
 */
import { normalizeHex } from '../../color-search';

export const PALETTE_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const PALETTE_MAX_COLORS = 10_000;
/** Longer than any book's color name; a code is a book's own (`19-4052 TCX`, `085-40-48`). */
const NAME_MAX = 64;
const CODE_MAX = 32;

export interface PaletteRow {
  /** The file's line the row starts on, from 1 (the header is line 1). */
  line: number;
  name: string;
  hex: string;
  code: string;
  group: string;
}

export interface PaletteRowError {
  line: number;
  name: string;
  reason: 'name' | 'hex' | 'code' | 'columns';
}

export class PaletteFileError extends Error {
  constructor(readonly reason: 'tooLarge' | 'tooManyColors' | 'noHeader' | 'quoting' | 'tooLong') {
    super(`not a readable palette CSV: ${reason}`);
    this.name = 'PaletteFileError';
  }
}

/** Characters one field may hold: a spreadsheet cell's own limit (32,767), so no real sheet reaches it. */
export const CSV_MAX_FIELD_CHARS = 32_768;
/** Characters one record may span, quoted line breaks included: hundreds of full-length columns. */
export const CSV_MAX_RECORD_CHARS = 1024 * 1024;

export interface CsvBounds {
  /** Records (the header included) past which reading stops with `tooManyRecords`; the record past it is not kept. */
  maxRecords: number;
  maxFieldChars: number;
  maxRecordChars: number;
}

/** Read as far as `maxRecords` allows: `records` is then the first `maxRecords` and `more` says the text held more. */
export type CsvReading = { records: { line: number; fields: string[] }[]; more: boolean };

/**
 * Records of a CSV text with the line each starts on; quoted fields may hold commas, quotes ("") and line breaks.
 * Bounded while it reads, so a hostile text costs no more than its bounds: a field or record past its length is
 * `tooLong`, an unclosed quote `quoting`, and reading stops at the record after `maxRecords`.
 */
export function csvRecords(text: string, bounds: CsvBounds): CsvReading {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let recordStart = 0;
  const endRecord = (at: number): boolean => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) {
      if (records.length === bounds.maxRecords) return true;
      records.push({ line: start, fields });
    }
    fields = [];
    field = '';
    recordStart = at;
    return false;
  };
  for (let i = 0; i < text.length; i += 1) {
    if (field.length > bounds.maxFieldChars || i - recordStart > bounds.maxRecordChars) throw new PaletteFileError('tooLong');
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      if (endRecord(i + 1)) return { records, more: true };
      line += 1;
      start = line;
    } else field += ch;
  }
  if (quoted) throw new PaletteFileError('quoting');
  if (field.length > bounds.maxFieldChars || text.length - recordStart > bounds.maxRecordChars) throw new PaletteFileError('tooLong');
  return { records, more: endRecord(text.length) };
}

/** The palette's bounds: its header and `PALETTE_MAX_COLORS` colors. */
export const PALETTE_CSV_BOUNDS: CsvBounds = { maxRecords: PALETTE_MAX_COLORS + 1, maxFieldChars: CSV_MAX_FIELD_CHARS, maxRecordChars: CSV_MAX_RECORD_CHARS };

export function readPaletteCsv(bytes: Buffer): { rows: PaletteRow[]; errors: PaletteRowError[] } {
  if (bytes.length > PALETTE_CSV_MAX_BYTES) throw new PaletteFileError('tooLarge');
  const { records, more } = csvRecords(bytes.toString('utf8').replace(/^\uFEFF/, ''), PALETTE_CSV_BOUNDS);
  const [header, ...data] = records;
  const columns = new Map((header?.fields ?? []).map((f, i) => [f.trim().toLowerCase(), i]));
  const at = (name: string) => columns.get(name);
  if (at('name') === undefined || at('hex') === undefined) throw new PaletteFileError('noHeader');
  if (more) throw new PaletteFileError('tooManyColors');
  const rows: PaletteRow[] = [];
  const errors: PaletteRowError[] = [];
  for (const { line, fields } of data) {
    const cell = (column: string) => {
      const i = at(column);
      return i === undefined ? '' : (fields[i] ?? '').trim();
    };
    const name = cell('name');
    const fail = (reason: PaletteRowError['reason']) => errors.push({ line, name: name.slice(0, NAME_MAX), reason });
    if (fields.length !== header!.fields.length) fail('columns');
    else if (!name || name.length > NAME_MAX || /[\u0000-\u001f]/.test(name)) fail('name');
    else if (!normalizeHex(cell('hex'))) fail('hex');
    else if (cell('code').length > CODE_MAX) fail('code');
    else rows.push({ line, name, hex: `#${normalizeHex(cell('hex'))!}`, code: cell('code'), group: cell('group').slice(0, NAME_MAX) });
  }
  return { rows, errors };
}
