import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MATERIAL_IMPORT_CELL_MAX_CHARS, MATERIAL_IMPORT_MAX_COLUMNS, MATERIAL_IMPORT_MAX_ROWS } from '../../contracts/material-import-rules';
import { bufferSource, openArchive } from '../material-files/open-archive';
import { makeZip, type TestEntry } from '../material-files/testing/make-zip';
import { ImportSheetRefusal } from './import-sheet-refusal';
import { parseImportSheet } from './parse-import-sheet';
import { IMPORT_XLSX_LIMITS } from './read-xlsx-sheet';
import { inlineRow, sheetXml, workbookParts, workbookXlsx } from './testing/xlsx-fixtures';

const MiB = 1024 * 1024;

async function reasonOf(bytes: Buffer): Promise<string> {
  try {
    await parseImportSheet('xlsx', bytes);
    return 'read';
  } catch (err) {
    if (err instanceof ImportSheetRefusal) return err.reason;
    throw err;
  }
}

async function exceljsParts(fill: (sheet: ExcelJS.Worksheet) => void): Promise<TestEntry[]> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Materials'));
  const archive = await openArchive(bufferSource(Buffer.from(await workbook.xlsx.writeBuffer())));
  return Promise.all(archive.entries.map(async (e) => ({ name: e.path, data: await archive.read(e) })));
}

describe('reading an imported .xlsx', () => {
  it('reads the first sheet as the text its cells show: shared and rich strings, numbers, dates, formulas and web links', async () => {
    const parts = await exceljsParts((sheet) => {
      sheet.addRow(['货号', 'Name', 'When', 'Picture', 'Formula']);
      sheet.addRow(['X-1', { richText: [{ text: 'Blue ' }, { text: 'twill', font: { bold: true } }] }, new Date('2024-03-01T10:00:00Z'), { text: 'pic', hyperlink: 'https://example.com/a.png' }, { formula: 'A2', result: 'X-1' }]);
      sheet.addRow([]);
      sheet.addRow([12.5, true, '  padded  ', { text: 'inside', hyperlink: '#Sheet2!A1' }]);
    });
    const sheet = await parseImportSheet('xlsx', makeZip(parts));
    expect(sheet).toEqual({
      format: 'xlsx',
      headers: ['货号', 'Name', 'When', 'Picture', 'Formula'],
      rows: [
        { row: 2, cells: ['X-1', 'Blue twill', '2024-03-01T10:00:00.000Z', 'https://example.com/a.png', 'X-1'] },
        { row: 4, cells: ['12.5', 'true', 'padded', 'inside'] },
      ],
    });
  });

  it('reads elements with a namespace prefix, and leaves phonetic guides out of a string', async () => {
    const prefixed = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c></x:row><x:row r="2"><x:c r="B2" t="s"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const strings = '<sst><si><t>Serial</t></si><si><r><t>東京</t></r><rPh><t>トウキョウ</t></rPh></si></sst>';
    expect((await parseImportSheet('xlsx', workbookXlsx(prefixed, { sharedStrings: strings }))).rows).toEqual([{ row: 2, cells: ['', '東京'] }]);
  });

  it('refuses parts a sheet of text does not need, by the zip directory, before inflating them', async () => {
    const sheet = sheetXml(inlineRow(1, ['a']) + inlineRow(2, ['b']));
    for (const name of ['xl/media/image1.png', 'xl/embeddings/oleObject1.bin', 'xl/vbaProject.bin', 'xl/activeX/activeX1.xml', 'docProps/thumbnail.jpeg']) {
      expect(await reasonOf(workbookXlsx(sheet, { extra: [{ name, data: Buffer.alloc(64) }] })), name).toBe('unexpectedPart');
    }
    expect(await reasonOf(workbookXlsx(sheet, { extra: [{ name: 'xl/printerSettings/printerSettings1.bin', data: Buffer.alloc(64) }] }))).toBe('read');
  });

  it('refuses a zip bomb by its directory: a part that unpacks far past its size, past the entry or total limit, or too many parts', async () => {
    const sheet = sheetXml(inlineRow(1, ['a']) + inlineRow(2, ['b']));
    // The penetration test's file: zeros that inflate a thousand times.
    expect(await reasonOf(workbookXlsx(sheet, { extra: [{ name: 'docProps/custom.xml', data: Buffer.alloc(16 * MiB) }] }))).toBe('inflatesTooMuch');
    expect(await reasonOf(workbookXlsx(sheet, { extra: [{ name: 'docProps/custom.xml', data: 'x', method: 0, claimedSize: IMPORT_XLSX_LIMITS.maxEntryBytes + 1 }] }))).toBe('inflatesTooMuch');
    const many = Array.from({ length: IMPORT_XLSX_LIMITS.maxEntries }, (_, i) => ({ name: `customXml/item${i}.xml`, data: '<a/>' }));
    expect(await reasonOf(workbookXlsx(sheet, { extra: many }))).toBe('inflatesTooMuch');
  });

  it('holds a part to its declared size while inflating it: a header that lies is refused, not believed', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => inlineRow(i + 1, ['x'.repeat(100)])).join('');
    expect(await reasonOf(makeZip(workbookParts(sheetXml(rows)).map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, claimedSize: 1000 } : p))))).toBe('inflatesTooMuch');
  });

  it('stops one data row past the limit: 400,000 rows are refused, and what follows that row is never read', async () => {
    const header = inlineRow(1, ['serial']);
    const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => inlineRow(from + i, [`S-${from + i}`])).join('');
    expect(await reasonOf(workbookXlsx(sheetXml(header + rows(2, 400_001))))).toBe('tooManyRows');
    // Broken XML right after the row past the limit: a reader that read on would call the file unreadable.
    const broken = Buffer.from(`${sheetXml('').replace('</sheetData></worksheet>', '')}${header}${rows(2, MATERIAL_IMPORT_MAX_ROWS + 2)}${'<<<'.repeat(100_000)}`);
    expect(await reasonOf(workbookXlsx(broken))).toBe('tooManyRows');
    expect((await parseImportSheet('xlsx', workbookXlsx(sheetXml(header + rows(2, MATERIAL_IMPORT_MAX_ROWS + 1))))).rows).toHaveLength(MATERIAL_IMPORT_MAX_ROWS);
  });

  it('refuses a cell longer than a spreadsheet allows, a value past the column limit, a DOCTYPE and broken XML', async () => {
    expect(await reasonOf(workbookXlsx(sheetXml(inlineRow(1, ['a']) + inlineRow(2, ['x'.repeat(MATERIAL_IMPORT_CELL_MAX_CHARS + 1)]))))).toBe('cellTooLong');
    const strings = `<sst><si><t>${'y'.repeat(MATERIAL_IMPORT_CELL_MAX_CHARS + 1)}</t></si></sst>`;
    expect(await reasonOf(workbookXlsx(sheetXml(inlineRow(1, ['a'])), { sharedStrings: strings }))).toBe('cellTooLong');
    const far = `<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="IW2"><v>2</v></c></row>`;
    expect(MATERIAL_IMPORT_MAX_COLUMNS).toBe(256);
    expect(await reasonOf(workbookXlsx(sheetXml(far)))).toBe('tooManyColumns');
    // An empty styled cell far to the right is no value, and no reason to refuse.
    expect(await reasonOf(workbookXlsx(sheetXml(`${inlineRow(1, ['a'])}<row r="2"><c r="A2"><v>1</v></c><c r="XFD2" s="1"/></row>`)))).toBe('read');
    expect(await reasonOf(workbookXlsx(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${sheetXml(inlineRow(1, ['&a;']))}`))).toBe('unreadable');
    expect(await reasonOf(workbookXlsx(sheetXml(inlineRow(1, ['a'])).slice(0, -20)))).toBe('unreadable');
    expect(await reasonOf(Buffer.from('PK\x03\x04 and nothing else'))).toBe('unreadable');
    expect(await reasonOf(Buffer.from('an old .xls'))).toBe('type');
  });
});
