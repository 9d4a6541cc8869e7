import ExcelJS from 'exceljs';
import { extname } from 'node:path';
import { MATERIAL_IMPORT_MAX_ROWS, MATERIAL_IMPORT_SHEET_MAX_BYTES } from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { csvRecords, PaletteFileError } from '../colors/read-palette-csv';
import { fileRefused } from '../uploads/upload-paths';

/** A sheet as text: its header cells and its data rows, each with the sheet's row number (the header is row 1). */
export type ImportSheet = { format: 'xlsx' | 'csv'; headers: string[]; rows: { row: number; cells: string[] }[] };

const refused = (lang: Lang, key: string, params: Record<string, unknown> = {}) => fileRefused(ERROR.fieldInvalid, lang, key, params);

/**
 * Reads the uploaded sheet of a bulk import (docs/product/integrations.md#bulk-import): an .xlsx (its first worksheet)
 * or a UTF-8 .csv, by its name and checked by its first bytes. Refuses the whole file, before anything is written, when
 * it is of another type, too large, unreadable, without a header or a data row, or with more than
 * MATERIAL_IMPORT_MAX_ROWS rows. Empty rows are skipped; every cell is read as the text it shows.
 */
export async function readImportSheet(file: { name: string; bytes: Uint8Array }, lang: Lang): Promise<ImportSheet> {
  const extension = extname(file.name).toLowerCase();
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  if (extension !== '.xlsx' && extension !== '.csv') throw refused(lang, 'validation.importSheetType');
  if (bytes.length > MATERIAL_IMPORT_SHEET_MAX_BYTES) throw refused(lang, 'validation.importSheetTooLarge', { max: Math.round(MATERIAL_IMPORT_SHEET_MAX_BYTES / 1024 / 1024) });
  if (bytes.length === 0) throw refused(lang, 'validation.importSheetEmpty');
  const sheet = extension === '.xlsx' ? await readXlsx(bytes, lang) : readCsv(bytes, lang);
  if (sheet.headers.every((h) => h === '') || sheet.rows.length === 0) throw refused(lang, 'validation.importSheetEmpty');
  if (sheet.rows.length > MATERIAL_IMPORT_MAX_ROWS) throw refused(lang, 'validation.importSheetTooManyRows', { count: sheet.rows.length, max: MATERIAL_IMPORT_MAX_ROWS });
  return sheet;
}

const blank = (cells: string[]) => cells.every((c) => c === '');

async function readXlsx(bytes: Buffer, lang: Lang): Promise<ImportSheet> {
  // An .xlsx is a zip: anything else under that name (an old .xls, a renamed file) is the wrong type.
  if (bytes.toString('latin1', 0, 2) !== 'PK') throw refused(lang, 'validation.importSheetType');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refused(lang, 'validation.importSheetUnreadable');
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw refused(lang, 'validation.importSheetEmpty');
  // Counted before the cells are turned into text, so a huge sheet is refused without the work.
  if (worksheet.actualRowCount > MATERIAL_IMPORT_MAX_ROWS + 1) throw refused(lang, 'validation.importSheetTooManyRows', { count: worksheet.actualRowCount - 1, max: MATERIAL_IMPORT_MAX_ROWS });
  let headers: string[] | null = null;
  const rows: ImportSheet['rows'] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    for (let i = 0; i < cells.length; i += 1) cells[i] ??= '';
    if (blank(cells)) return;
    if (headers === null) headers = cells;
    else rows.push({ row: number, cells });
  });
  return { format: 'xlsx', headers: headers ?? [], rows };
}

/** A cell's value as the text it shows: numbers as written, dates as ISO, a link by its address when it is a web address. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('hyperlink' in value && typeof value.hyperlink === 'string') {
      // A link to the web stays a link, so an image given by URL is seen as one (and refused).
      return /^https?:\/\//i.test(value.hyperlink) ? value.hyperlink.trim() : cellText(value.text as ExcelJS.CellValue);
    }
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('').trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  }
  return '';
}

function readCsv(bytes: Buffer, lang: Lang): ImportSheet {
  // A NUL byte never appears in UTF-8 text: a binary file renamed .csv.
  if (bytes.subarray(0, 4096).includes(0)) throw refused(lang, 'validation.importSheetType');
  let records;
  try {
    records = csvRecords(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof PaletteFileError) throw refused(lang, 'validation.importSheetUnreadable');
    throw err;
  }
  const [header, ...data] = records;
  return {
    format: 'csv',
    headers: (header?.fields ?? []).map((f) => f.trim()),
    rows: data.map((r) => ({ row: r.line, cells: r.fields.map((f) => f.trim()) })),
  };
}
