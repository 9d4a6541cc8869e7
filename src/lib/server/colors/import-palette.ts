import { eq, sql } from 'drizzle-orm';
import { extname } from 'node:path';
import { normalizeHex } from '../../color-search';
import { PROPRIETARY_BOOK_TYPES } from '../../contracts/color-library-rules';
import {
  DEFAULT_PALETTE_NAMES,
  PALETTE_CODE_MAX,
  PALETTE_ERRORS_LISTED,
  PALETTE_PREVIEW_SIZE,
  paletteImportInputSchema,
  type PaletteImportInput,
  type PaletteImportReport,
  type PaletteRowError,
} from '../../contracts/palette-import';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { getDb, type Database, type Tx } from '../db/client';
import { paletteColors, palettes } from '../db/schema';
import { colorFamilyOf, labOf } from './color-family';
import { AseFileError, readAse, type AseRowError } from './read-ase';
import { csvRecords, PALETTE_CSV_BOUNDS, PaletteFileError, readPaletteCsv, type PaletteRowError as CsvRowError } from './read-palette-csv';

/** A row that passed the readers, on its way to becoming a color of the book. */
interface Candidate {
  row: number;
  code: string;
  name: string;
  hex: string;
  group: string;
}

interface Reading {
  format: 'ase' | 'csv';
  total: number;
  candidates: Candidate[];
  errors: PaletteRowError[];
}

const ROW = 'paletteImport.rowErrors';
/** The most rows one insert carries: ten parameters a row stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;
const CONTROL = /[\u0000-\u001f\u007f]/;

const fileRefused = (message: string) => new AppError(ERROR.fieldInvalid, { message, fields: [{ field: 'file', message }] });

const FILE_ERRORS: Record<AseFileError['reason'] | PaletteFileError['reason'] | 'type' | 'empty', string> = {
  signature: 'validation.paletteFileBroken',
  version: 'validation.paletteFileBroken',
  truncated: 'validation.paletteFileBroken',
  quoting: 'validation.paletteFileQuoting',
  tooLong: 'validation.paletteFileTooLong',
  noHeader: 'validation.paletteFileColumns',
  tooLarge: 'validation.paletteFileTooLarge',
  tooManyColors: 'validation.paletteFileTooManyColors',
  type: 'validation.paletteFileType',
  empty: 'validation.paletteFileEmpty',
};

const isProprietary = (key: string) => (PROPRIETARY_BOOK_TYPES as readonly string[]).includes(key);

/**
 * Imports a book of named colors from an ASE or CSV file (docs/product/color-library.md#importing-a-book), or with
 * `commit: false` only reports what an import would do. Rows that cannot be used are reported and skipped; the good
 * ones are merged into the book by code in one transaction, so a book is never half written and colors of the
 * book the file does not mention stay. A file that cannot be read at all is refused (422) before anything is
 * written.
 */
export async function importPalette(raw: PaletteImportInput): Promise<PaletteImportReport> {
  const input = paletteImportInputSchema.parse(raw);
  const { key, commit } = input;
  const db = getDb();
  const [existing] = await db.select({ nameCn: palettes.nameCn, nameEn: palettes.nameEn }).from(palettes).where(eq(palettes.key, key));
  const fallback = DEFAULT_PALETTE_NAMES[key] ?? '';
  const nameCn = input.nameCn || existing?.nameCn || input.nameEn || fallback;
  const nameEn = input.nameEn || existing?.nameEn || input.nameCn || fallback;
  if (!nameCn || !nameEn) {
    throw new AppError(ERROR.fieldRequired, { message: 'validation.paletteNameRequired', fields: [{ field: 'nameCn', message: 'validation.paletteNameRequired' }] });
  }

  const bytes = Buffer.from(input.file.bytes.buffer, input.file.bytes.byteOffset, input.file.bytes.byteLength);
  const reading = readPaletteFile(input.file.name, bytes, key);
  if (reading.total === 0) throw fileRefused(FILE_ERRORS.empty);
  const { accepted, errors } = acceptRows(reading);

  const report = (created: number, committed: boolean): PaletteImportReport => ({
    key,
    nameCn,
    nameEn,
    format: reading.format,
    committed,
    total: reading.total,
    accepted: accepted.length,
    rejected: errors.length,
    errors: errors.slice(0, PALETTE_ERRORS_LISTED),
    preview: accepted.slice(0, PALETTE_PREVIEW_SIZE).map((c) => ({ code: c.code, name: c.name, hex: c.hex, family: colorFamilyOf(c.hex) })),
    created,
    updated: accepted.length - created,
  });

  // Nothing to write leaves the book as it was, its names included: an import that lands no color changes nothing.
  if (!commit || accepted.length === 0) return report(await countNew(db, key, accepted), false);

  const created = await db.transaction(async (tx) => {
    // The palette row first: its lock keeps a second import of the same book waiting until this one is done, and
    // its new `updated_at` tells every process's cache of the book to read it again.
    await tx
      .insert(palettes)
      .values({ key, nameCn, nameEn })
      .onConflictDoUpdate({ target: palettes.key, set: { nameCn, nameEn, updatedAt: sql`now()` } });
    const fresh = await countNew(tx, key, accepted);
    // The file's order is the book's order: each row's sort is its place among the accepted rows. A color kept
    // from before holds its old number and sits among the new ones by it.
    const values = accepted.map((c, i) => {
      const [labL, labA, labB] = labOf(c.hex);
      return { paletteKey: key, code: c.code, name: c.name, hex: c.hex, labL, labA, labB, family: colorFamilyOf(c.hex), groupName: c.group, sort: i + 1 };
    });
    for (let at = 0; at < values.length; at += INSERT_CHUNK) {
      await tx
        .insert(paletteColors)
        .values(values.slice(at, at + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [paletteColors.paletteKey, paletteColors.code],
          set: {
            name: sql`excluded.name`,
            hex: sql`excluded.hex`,
            labL: sql`excluded.lab_l`,
            labA: sql`excluded.lab_a`,
            labB: sql`excluded.lab_b`,
            family: sql`excluded.family`,
            groupName: sql`excluded.group_name`,
            sort: sql`excluded.sort`,
          },
        });
    }
    return fresh;
  });
  return report(created, true);
}

/** How many of the rows' codes the book does not hold yet. */
async function countNew(db: Database | Tx, key: string, rows: Candidate[]): Promise<number> {
  if (rows.length === 0) return 0;
  const held = await db.select({ code: paletteColors.code }).from(paletteColors).where(eq(paletteColors.paletteKey, key));
  const codes = new Set(held.map((r) => r.code));
  return rows.filter((r) => !codes.has(r.code)).length;
}

/** ASE by its signature whatever the name says; CSV by its name; anything else is not a swatch file. */
function readPaletteFile(fileName: string, bytes: Buffer, key: string): Reading {
  const extension = extname(fileName).toLowerCase();
  const ase = bytes.toString('latin1', 0, 4) === 'ASEF' || extension === '.ase';
  if (!ase && !['.csv', '.txt', ''].includes(extension)) throw fileRefused(FILE_ERRORS.type);
  try {
    return ase ? readAseFile(bytes) : readCsvFile(bytes, key);
  } catch (err) {
    if (err instanceof AseFileError || err instanceof PaletteFileError) throw fileRefused(FILE_ERRORS[err.reason]);
    throw err;
  }
}

const ASE_ROW_ERRORS: Record<AseRowError['reason'], Pick<PaletteRowError, 'field' | 'message'>> = {
  name: { field: 'name', message: `${ROW}.name` },
  colorModel: { field: 'color', message: `${ROW}.colorModel` },
  value: { field: 'color', message: `${ROW}.value` },
};

/** A swatch file has names only, so a color's name is its code too. */
function readAseFile(bytes: Buffer): Reading {
  const { swatches, errors } = readAse(bytes);
  return {
    format: 'ase',
    total: swatches.length + errors.length,
    candidates: swatches.map((s) => ({ row: s.row, code: s.name, name: s.name, hex: s.hex, group: s.group })),
    errors: errors.map((e) => ({ row: e.row, ...ASE_ROW_ERRORS[e.reason], ...(e.name ? { value: e.name } : {}) })),
  };
}

const CSV_ROW_ERRORS: Record<CsvRowError['reason'], Pick<PaletteRowError, 'field' | 'message'>> = {
  name: { field: 'name', message: `${ROW}.name` },
  hex: { field: 'hex', message: `${ROW}.hex` },
  code: { field: 'code', message: `${ROW}.code` },
  columns: { message: `${ROW}.columns` },
};

function readCsvFile(bytes: Buffer, key: string): Reading {
  const { rows, errors } = readPaletteCsv(bytes);
  const candidates: Candidate[] = rows.map((r) => ({ row: r.line, code: r.code || r.name, name: r.name, hex: r.hex, group: r.group }));
  const named = isProprietary(key) ? namedByCode(bytes, errors, DEFAULT_PALETTE_NAMES[key] ?? key) : new Map<number, Candidate>();
  const left = errors.filter((e) => !named.has(e.line));
  return {
    format: 'csv',
    total: rows.length + errors.length,
    candidates: [...candidates, ...named.values()].sort((a, b) => a.row - b.row),
    errors: left.map((e) => ({ row: e.line, ...CSV_ROW_ERRORS[e.reason], ...(e.name ? { value: e.name } : {}) })),
  };
}

/**
 * A licensee's book is known by its codes: a row with a code and a color but no name is a color all the same,
 * named after the book and its code (`Coloro 085-40-48`). The reader refuses a nameless row, so those rows are
 * read again here.
 */
function namedByCode(bytes: Buffer, errors: CsvRowError[], bookName: string): Map<number, Candidate> {
  const found = new Map<number, Candidate>();
  const nameless = new Set(errors.filter((e) => e.reason === 'name' && e.name === '').map((e) => e.line));
  if (nameless.size === 0) return found;
  const [header, ...records] = csvRecords(bytes.toString('utf8').replace(/^\uFEFF/, ''), PALETTE_CSV_BOUNDS).records;
  const columns = new Map((header?.fields ?? []).map((f, i) => [f.trim().toLowerCase(), i]));
  const cell = (fields: string[], column: string) => {
    const i = columns.get(column);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  for (const { line, fields } of records) {
    if (!nameless.has(line)) continue;
    const code = cell(fields, 'code');
    const hex = normalizeHex(cell(fields, 'hex'));
    if (!code || !hex || code.length > PALETTE_CODE_MAX || CONTROL.test(code)) continue;
    found.set(line, { row: line, code, name: `${bookName} ${code}`, hex: `#${hex}`, group: cell(fields, 'group').slice(0, 64) });
  }
  return found;
}

/**
 * The rows that become colors, and every row that does not with why: a code must be short plain text, and a code
 * the file already gave belongs to its first row.
 */
function acceptRows(reading: Reading): { accepted: Candidate[]; errors: PaletteRowError[] } {
  const accepted: Candidate[] = [];
  const errors = [...reading.errors];
  const seen = new Set<string>();
  for (const c of reading.candidates) {
    const refuse = (error: Omit<PaletteRowError, 'row'>) => errors.push({ row: c.row, ...error });
    if (!c.code) refuse({ field: 'name', message: `${ROW}.noCode` });
    else if (c.code.length > PALETTE_CODE_MAX || CONTROL.test(c.code)) refuse({ field: 'code', message: `${ROW}.code`, value: c.code.slice(0, 64) });
    else if (seen.has(c.code)) refuse({ field: 'code', message: `${ROW}.duplicateCode`, value: c.code });
    else {
      seen.add(c.code);
      accepted.push(c);
    }
  }
  return { accepted, errors: errors.sort((a, b) => a.row - b.row) };
}
