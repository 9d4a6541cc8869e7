import { ImportSheetRefusal } from './import-sheet-refusal';
import { readCsvSheet } from './read-csv-sheet';
import { readXlsxSheet } from './read-xlsx-sheet';

/** A sheet as text: its header cells and its data rows, each with the sheet's row number (the header is row 1). */
export type ImportSheet = { format: 'xlsx' | 'csv'; headers: string[]; rows: { row: number; cells: string[] }[] };

/**
 * Reads an import sheet's bytes, in whatever thread runs it (parse-sheet-in-worker.ts runs it off the event loop).
 * Throws `ImportSheetRefusal` for a file refused whole, and nothing else for any bytes: the fuzz tests hold it to that.
 */
export async function parseImportSheet(format: ImportSheet['format'], bytes: Buffer): Promise<ImportSheet> {
  const sheet = format === 'xlsx' ? await readXlsxSheet(bytes) : readCsvSheet(bytes);
  if (sheet.headers.every((h) => h === '') || sheet.rows.length === 0) throw new ImportSheetRefusal('empty');
  return sheet;
}
