import { extname } from 'node:path';
import {
  MATERIAL_IMPORT_CELL_MAX_CHARS,
  MATERIAL_IMPORT_MAX_COLUMNS,
  MATERIAL_IMPORT_MAX_ROWS,
  MATERIAL_IMPORT_SHEET_MAX_BYTES,
  MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES,
} from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { fileRefused } from '../uploads/upload-paths';
import { ImportSheetRefusal, type ImportSheetRefusalReason } from './import-sheet-refusal';
import type { ImportSheet } from './parse-import-sheet';
import { parseSheetInWorker, type SheetWorkerLimits } from './parse-sheet-in-worker';

export type { ImportSheet } from './parse-import-sheet';

const MiB = 1024 * 1024;
const refused = (lang: Lang, key: string, params: Record<string, unknown> = {}) => fileRefused(ERROR.fieldInvalid, lang, key, params);

/** Each refusal's message and the limit it names, so a message never depends on what the reader posted. */
const REFUSALS: Record<ImportSheetRefusalReason, [key: string, params: Record<string, number>]> = {
  type: ['validation.importSheetType', {}],
  empty: ['validation.importSheetEmpty', {}],
  unreadable: ['validation.importSheetUnreadable', {}],
  tooManyRows: ['validation.importSheetTooManyRows', { max: MATERIAL_IMPORT_MAX_ROWS }],
  tooManyColumns: ['validation.importSheetTooManyColumns', { max: MATERIAL_IMPORT_MAX_COLUMNS }],
  cellTooLong: ['validation.importSheetCellTooLong', { max: MATERIAL_IMPORT_CELL_MAX_CHARS }],
  inflatesTooMuch: ['validation.importSheetInflatesTooMuch', { max: MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES / MiB }],
  unexpectedPart: ['validation.importSheetUnexpectedPart', {}],
  tooCostly: ['validation.importSheetTooCostly', {}],
};

/**
 * Reads the uploaded sheet of a bulk import (docs/product/integrations.md#bulk-import): an .xlsx (its first worksheet)
 * or a UTF-8 .csv, by its name and checked by its first bytes. Refuses the whole file, before anything is written, when
 * it is of another type, too large, packed or shaped past the reader's bounds, unreadable, without a header or a data
 * row, or with more than MATERIAL_IMPORT_MAX_ROWS rows. Empty rows are skipped; every cell is read as the text it
 * shows. The reading runs in a worker thread (parse-sheet-in-worker.ts).
 */
export async function readImportSheet(file: { name: string; bytes: Uint8Array }, lang: Lang, limits?: SheetWorkerLimits): Promise<ImportSheet> {
  const extension = extname(file.name).toLowerCase();
  if (extension !== '.xlsx' && extension !== '.csv') throw refused(lang, 'validation.importSheetType');
  if (file.bytes.byteLength > MATERIAL_IMPORT_SHEET_MAX_BYTES) throw refused(lang, 'validation.importSheetTooLarge', { max: Math.round(MATERIAL_IMPORT_SHEET_MAX_BYTES / MiB) });
  if (file.bytes.byteLength === 0) throw refused(lang, 'validation.importSheetEmpty');
  try {
    return await parseSheetInWorker(extension === '.xlsx' ? 'xlsx' : 'csv', file.bytes, limits);
  } catch (err) {
    if (!(err instanceof ImportSheetRefusal)) throw err;
    const [key, params] = REFUSALS[err.reason];
    // A part's name is the only thing of the file a message repeats, and the reader cut it short.
    throw refused(lang, key, err.reason === 'unexpectedPart' ? { name: String(err.params.name ?? '') } : params);
  }
}
