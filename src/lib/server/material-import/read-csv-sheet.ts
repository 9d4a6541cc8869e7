import { MATERIAL_IMPORT_CELL_MAX_CHARS, MATERIAL_IMPORT_MAX_COLUMNS, MATERIAL_IMPORT_MAX_ROWS } from '../../contracts/material-import-rules';
import { CSV_MAX_RECORD_CHARS, csvRecords, PaletteFileError } from '../colors/read-palette-csv';
import { ImportSheetRefusal } from './import-sheet-refusal';
import type { ImportSheet } from './parse-import-sheet';

/**
 * The rows of an imported UTF-8 .csv as text, read with the shared CSV reader's bounds: a cell past a spreadsheet's
 * own cell limit, a line past `CSV_MAX_RECORD_CHARS` or an open quote refuses the file, and reading stops one data
 * row past `MATERIAL_IMPORT_MAX_ROWS`.
 */
export function readCsvSheet(bytes: Buffer): ImportSheet {
  // A NUL byte never appears in UTF-8 text: a binary file renamed .csv.
  if (bytes.subarray(0, 4096).includes(0)) throw new ImportSheetRefusal('type');
  let reading;
  try {
    reading = csvRecords(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
      maxRecords: MATERIAL_IMPORT_MAX_ROWS + 1,
      maxFieldChars: MATERIAL_IMPORT_CELL_MAX_CHARS,
      maxRecordChars: CSV_MAX_RECORD_CHARS,
    });
  } catch (err) {
    if (!(err instanceof PaletteFileError)) throw err;
    throw err.reason === 'tooLong' ? new ImportSheetRefusal('cellTooLong', { max: MATERIAL_IMPORT_CELL_MAX_CHARS }) : new ImportSheetRefusal('unreadable');
  }
  if (reading.more) throw new ImportSheetRefusal('tooManyRows', { max: MATERIAL_IMPORT_MAX_ROWS });
  if (reading.records.some((r) => r.fields.length > MATERIAL_IMPORT_MAX_COLUMNS)) throw new ImportSheetRefusal('tooManyColumns', { max: MATERIAL_IMPORT_MAX_COLUMNS });
  const [header, ...data] = reading.records;
  return {
    format: 'csv',
    headers: (header?.fields ?? []).map((f) => f.trim()),
    rows: data.map((r) => ({ row: r.line, cells: r.fields.map((f) => f.trim()) })),
  };
}
