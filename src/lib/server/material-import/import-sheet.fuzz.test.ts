/**
 * Property-based tests of the import sheet's readers: thousands of mutated, truncated and bomb-laden files built here
 * from valid ones. Each must end in the reader's refusal or a sheet within the bounds, never another exception, and
 * the process's memory must stay under a ceiling all along. Run in this thread (the worker only adds its own caps).
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_IMPORT_CELL_MAX_CHARS, MATERIAL_IMPORT_MAX_COLUMNS, MATERIAL_IMPORT_MAX_ROWS } from '../../contracts/material-import-rules';
import { bufferSource, openArchive } from '../material-files/open-archive';
import { makeZip, type TestEntry } from '../material-files/testing/make-zip';
import { ImportSheetRefusal } from './import-sheet-refusal';
import { parseImportSheet, type ImportSheet } from './parse-import-sheet';
import { mutated, peakRssMib } from './testing/fuzz';
import { inlineRow, sheetXml, workbookParts } from './testing/xlsx-fixtures';

const MiB = 1024 * 1024;
/** Above the peak before the run: a reader that inflated or parsed without bounds would pass it many times over. */
const MEMORY_CEILING_MIB = 256;
const RUNS = { xlsxBytes: 2500, xlsxXml: 1500, xlsxBombs: 300, csv: 4000 };

/** Reads `bytes`, and says how: a sheet within the bounds, or the reader's refusal; anything else fails the property. */
async function outcome(format: ImportSheet['format'], bytes: Buffer): Promise<string> {
  try {
    const sheet = await parseImportSheet(format, bytes);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.rows.length).toBeLessThanOrEqual(MATERIAL_IMPORT_MAX_ROWS);
    for (const cells of [sheet.headers, ...sheet.rows.map((r) => r.cells)]) {
      expect(cells.length).toBeLessThanOrEqual(MATERIAL_IMPORT_MAX_COLUMNS);
      for (const cell of cells) expect(typeof cell === 'string' && cell.length <= MATERIAL_IMPORT_CELL_MAX_CHARS).toBe(true);
    }
    return 'read';
  } catch (err) {
    if (err instanceof ImportSheetRefusal) return err.reason;
    throw err;
  }
}

/** Runs the property and checks the process's memory stayed under the ceiling; answers how the inputs ended. */
async function survive(run: (seen: Map<string, number>) => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const before = peakRssMib();
  await run(seen);
  expect(peakRssMib() - before).toBeLessThan(MEMORY_CEILING_MIB);
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  expect((heapUsed + arrayBuffers) / MiB).toBeLessThan(before + MEMORY_CEILING_MIB);
  return seen;
}
const count = (seen: Map<string, number>, how: string) => seen.set(how, (seen.get(how) ?? 0) + 1);

const text = fc.string({ maxLength: 40, unit: 'grapheme' });

let xlsxBases: Buffer[] = [];
let partsBase: TestEntry[] = [];

beforeAll(async () => {
  const rows = fc.sample(fc.array(fc.array(fc.oneof(text, fc.double({ noNaN: true }), fc.boolean(), fc.date({ noInvalidDate: true })), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), { numRuns: 4, seed: 7 });
  xlsxBases = await Promise.all(
    rows.map(async (data) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Materials');
      sheet.addRow(['货号', 'Name', 'Link']);
      sheet.addRow(['S-1', { richText: [{ text: 'rich ' }, { text: 'text' }] }, { text: 'pic', hyperlink: 'https://example.com/a.png' }]);
      for (const row of data) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }),
  );
  const archive = await openArchive(bufferSource(xlsxBases[0]!));
  partsBase = await Promise.all(archive.entries.map(async (e) => ({ name: e.path, data: await archive.read(e) })));
});

describe('the import sheet readers under fuzzing', { timeout: 120_000 }, () => {
  it('.xlsx: mutated and truncated files end in a sheet or a refusal', async () => {
    const seen = await survive(async (seen) => {
      for (const base of xlsxBases) expect(await outcome('xlsx', base)).toBe('read');
      await fc.assert(
        fc.asyncProperty(mutated(xlsxBases), async (bytes) => void count(seen, await outcome('xlsx', bytes))),
        { numRuns: RUNS.xlsxBytes, seed: 1 },
      );
    });
    // Most damage is caught by the zip or the XML; some leaves a readable sheet.
    expect(seen.get('unreadable')).toBeGreaterThan(0);
    expect([...seen.values()].reduce((a, b) => a + b)).toBe(RUNS.xlsxBytes);
  });

  it('.xlsx: mutated sheet XML inside a valid zip ends in a sheet or a refusal', async () => {
    const sheet = Buffer.from(sheetXml(inlineRow(1, ['serial', 'name']) + inlineRow(2, ['S-1', 'Twill &amp; co']) + `<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3"><v>12.5</v></c><c r="C3" t="b"><v>1</v></c></row>`));
    const strings = Buffer.from('<sst><si><t>shared</t></si><si><r><t>rich</t></r><rPh><t>ruby</t></rPh></si></sst>');
    const seen = await survive(async (seen) => {
      await fc.assert(
        fc.asyncProperty(mutated([sheet], 3), mutated([strings], 2, 0), async (xml, sst) => void count(seen, await outcome('xlsx', makeZip(workbookParts(xml, { sharedStrings: sst.toString('latin1') }))))),
        { numRuns: RUNS.xlsxXml, seed: 2 },
      );
    });
    expect(seen.get('read')).toBeGreaterThan(0);
    expect(seen.get('unreadable')).toBeGreaterThan(0);
  });

  it('.xlsx: zip bombs in every shape end in a refusal before they inflate', async () => {
    // Zeros that deflate a thousand times; a stored byte that claims megabytes to gigabytes; or zeros whose header
    // claims a small size in a part the reader inflates (the lie is caught while inflating).
    const bomb = fc.oneof(
      fc.record({
        kind: fc.constant('zeros' as const),
        name: fc.constantFrom('xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'docProps/custom.xml', 'xl/media/image1.png', 'customXml/item1.xml'),
        size: fc.integer({ min: 2 * MiB, max: 6 * MiB }),
        copies: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('claim' as const),
        name: fc.constantFrom('xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'docProps/custom.xml', 'customXml/item1.xml'),
        size: fc.integer({ min: 2 * MiB, max: 0xffff_ffff }),
        copies: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('lie' as const),
        name: fc.constantFrom('xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml'),
        size: fc.integer({ min: 1, max: 64 * 1024 }),
        copies: fc.constant(1),
      }),
    );
    const entry = (b: { kind: 'zeros' | 'claim' | 'lie'; size: number }, name: string): TestEntry => {
      if (b.kind === 'zeros') return { name, data: Buffer.alloc(b.size) };
      if (b.kind === 'claim') return { name, data: '<', method: 0, claimedSize: b.size };
      return { name, data: Buffer.alloc(2 * MiB), claimedSize: b.size };
    };
    const seen = await survive(async (seen) => {
      await fc.assert(
        fc.asyncProperty(bomb, async (b) => {
          const extra = Array.from({ length: b.copies }, (_, i) => entry(b, i === 0 ? b.name : `customXml/copy${i}.xml`));
          const how = await outcome('xlsx', makeZip([...partsBase.filter((p) => p.name !== b.name), ...extra]));
          count(seen, how);
          expect(how, JSON.stringify(b)).not.toBe('read');
        }),
        { numRuns: RUNS.xlsxBombs, seed: 3 },
      );
    });
    expect(seen.get('inflatesTooMuch')).toBeGreaterThan(0);
  });

  it('.csv: mutated files, long fields and lines, open quotes end in a sheet or a refusal', async () => {
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const csv = fc
      .array(fc.array(text, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
      .map((rows) => Buffer.from(`\uFEFFserial,name\n${rows.map((r) => r.map(quote).join(',')).join('\r\n')}`));
    const long = fc.record({ char: fc.constantFrom('x', '"', ',', '\n', '\r'), length: fc.integer({ min: 1, max: 2 * MATERIAL_IMPORT_CELL_MAX_CHARS }), quoted: fc.boolean() });
    const input = fc.oneof(
      csv,
      csv.chain((base) => mutated([base], 8)),
      long.map(({ char, length, quoted }) => Buffer.from(`serial,name\nS-1,${quoted ? '"' : ''}${char.repeat(length)}${quoted ? '"' : ''}\n`)),
    );
    const seen = await survive(async (seen) => {
      await fc.assert(
        fc.asyncProperty(input, async (bytes) => void count(seen, await outcome('csv', bytes))),
        { numRuns: RUNS.csv, seed: 4 },
      );
    });
    expect(seen.get('read')).toBeGreaterThan(0);
    expect(seen.get('cellTooLong')).toBeGreaterThan(0);
  });
});
