import { describe, expect, it } from 'vitest';
import { MATERIAL_IMPORT_MAX_ROWS } from '../../contracts/material-import-rules';
import { ImportSheetRefusal } from './import-sheet-refusal';
import { parseSheetInWorker, SHEET_WORKER_LIMITS } from './parse-sheet-in-worker';
import { inlineRow, sheetXml, workbookXlsx } from './testing/xlsx-fixtures';

const reasonOf = (work: Promise<unknown>) =>
  work.then(
    () => 'read',
    (err: unknown) => {
      if (err instanceof ImportSheetRefusal) return err.reason;
      throw err;
    },
  );

// Each case starts a worker thread that loads the reader's TypeScript: seconds on a busy machine.
describe('reading an import sheet in a worker thread', { timeout: 60_000 }, () => {
  it('answers the sheet, and a refusal as the same refusal, a few at a time', async () => {
    const xlsx = workbookXlsx(sheetXml(inlineRow(1, ['serial', 'name']) + inlineRow(2, ['S-1', 'Twill'])));
    const limits = { ...SHEET_WORKER_LIMITS, concurrent: 1 };
    const [sheet, csv, refused] = await Promise.all([
      parseSheetInWorker('xlsx', xlsx, limits),
      parseSheetInWorker('csv', Buffer.from('serial\nS-2\n'), limits),
      reasonOf(parseSheetInWorker('csv', Buffer.from(`serial\n${'S\n'.repeat(MATERIAL_IMPORT_MAX_ROWS + 1)}`), limits)),
    ]);
    expect(sheet).toEqual({ format: 'xlsx', headers: ['serial', 'name'], rows: [{ row: 2, cells: ['S-1', 'Twill'] }] });
    expect(csv.rows).toEqual([{ row: 2, cells: ['S-2'] }]);
    expect(refused).toBe('tooManyRows');
  });

  it('ends a thread that outgrows its heap or its time, as a refusal, and the process carries on', async () => {
    // 5,000 rows of 3,000 characters: some 30 MB of strings in a heap of 16 MB.
    const big = Buffer.from(`serial,text\n${`S,${'x'.repeat(3000)}\n`.repeat(MATERIAL_IMPORT_MAX_ROWS)}`);
    const small = { ...SHEET_WORKER_LIMITS, heapMb: 16 };
    expect(await reasonOf(parseSheetInWorker('csv', Buffer.from('serial\nS-1\n'), small))).toBe('read');
    expect(await reasonOf(parseSheetInWorker('csv', big, small))).toBe('tooCostly');
    // No thread starts, let alone reads, within a millisecond.
    expect(await reasonOf(parseSheetInWorker('csv', Buffer.from('serial\nS-1\n'), { ...SHEET_WORKER_LIMITS, timeMs: 1 }))).toBe('tooCostly');
    expect(await reasonOf(parseSheetInWorker('csv', Buffer.from('serial\nS-1\n')))).toBe('read');
  });
});
