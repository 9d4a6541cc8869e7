import { describe, expect, it } from 'vitest';
import { csvRecords, PALETTE_CSV_BOUNDS, PALETTE_CSV_MAX_BYTES, PALETTE_MAX_COLORS, PaletteFileError, readPaletteCsv } from './read-palette-csv';

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('reading a palette from CSV', () => {
  it('takes the columns in any order and case, quoted fields with commas and quotes, a BOM and CRLF', () => {
    const text = '\uFEFFCode,Hex,Name,Group\r\n19-4052 TCX,#0F4C81,"Classic Blue, 2020",Blues\r\n085-40-48,d8c3a5,"Sand ""dune""",\r\n';
    expect(readPaletteCsv(csv(text))).toEqual({
      rows: [
        { line: 2, name: 'Classic Blue, 2020', hex: '#0f4c81', code: '19-4052 TCX', group: 'Blues' },
        { line: 3, name: 'Sand "dune"', hex: '#d8c3a5', code: '085-40-48', group: '' },
      ],
      errors: [],
    });
  });

  it('reports each unusable row by its line and keeps the others', () => {
    const text = ['name,hex,code', 'Good,#112233,', ',#112233,', 'Bad hex,#12345,', `Long code,#445566,${'x'.repeat(33)}`, 'Short row,#778899', 'Also good,abc,A1'].join('\n');
    const { rows, errors } = readPaletteCsv(csv(text));
    expect(rows.map((r) => [r.line, r.name, r.hex])).toEqual([
      [2, 'Good', '#112233'],
      [7, 'Also good', '#aabbcc'],
    ]);
    expect(errors).toEqual([
      { line: 3, name: '', reason: 'name' },
      { line: 4, name: 'Bad hex', reason: 'hex' },
      { line: 5, name: 'Long code', reason: 'code' },
      { line: 6, name: 'Short row', reason: 'columns' },
    ]);
    // A name is one line: a line break in it is the row's error, not a new row.
    expect(readPaletteCsv(csv('name,hex\n"Two\nlines",#000000')).errors).toEqual([{ line: 2, name: 'Two\nlines', reason: 'name' }]);
  });

  it('refuses a file without the name and hex columns, with an open quote, or too large', () => {
    const reason = (bytes: Buffer) => {
      try {
        readPaletteCsv(bytes);
        return 'read';
      } catch (err) {
        return err instanceof PaletteFileError ? err.reason : 'other';
      }
    };
    expect(reason(csv('title,color\nA,#000000'))).toBe('noHeader');
    expect(reason(csv('name,hex\n"A,#000000'))).toBe('quoting');
    expect(reason(Buffer.alloc(PALETTE_CSV_MAX_BYTES + 1, 0x41))).toBe('tooLarge');
  });

  it('splits records: blank ones skipped, a quoted line break kept in its field and counted for the next line', () => {
    expect(csvRecords('a,b\n\n,\n"c\nc",d\ne,f', PALETTE_CSV_BOUNDS)).toEqual({
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 4, fields: ['c\nc', 'd'] },
        { line: 6, fields: ['e', 'f'] },
      ],
      more: false,
    });
  });

  it('is bounded while it reads: a long field or line is refused, and reading stops one record past the limit', () => {
    const bounds = { maxRecords: 3, maxFieldChars: 10, maxRecordChars: 40 };
    const tooLong = (text: string) => expect(() => csvRecords(text, bounds)).toThrow(expect.objectContaining({ reason: 'tooLong' }));
    tooLong(`a,b\n"${'x'.repeat(11)}",b`);
    tooLong(`a,b\n${'x'.repeat(11)}`);
    tooLong(`a,b\n${'x,'.repeat(21)}`);
    expect(csvRecords(`a,b\n"${'x'.repeat(10)}",${'y'.repeat(10)}`, bounds).records[1]!.fields).toEqual(['x'.repeat(10), 'y'.repeat(10)]);
    // The fourth record is where reading stops: an open quote after it is never reached.
    expect(csvRecords('h\n1\n2\n3\n"never closed', bounds)).toEqual({ records: [{ line: 1, fields: ['h'] }, { line: 2, fields: ['1'] }, { line: 3, fields: ['2'] }], more: true });
    expect(csvRecords('h\n1\n2\n\n', bounds).more).toBe(false);
  });

  it('refuses a palette of one color too many without reading on, and a field far longer than a color needs', () => {
    const rows = Array.from({ length: PALETTE_MAX_COLORS + 1 }, (_, i) => `C${i},#000000`);
    expect(() => readPaletteCsv(csv(['name,hex', ...rows, '"never closed'].join('\n')))).toThrow(expect.objectContaining({ reason: 'tooManyColors' }));
    expect(() => readPaletteCsv(csv(`name,hex\n"${'x'.repeat(PALETTE_CSV_BOUNDS.maxFieldChars + 1)}",#000000`))).toThrow(expect.objectContaining({ reason: 'tooLong' }));
  });
});
