/**
 * Property-based tests of the palette CSV reader: thousands of generated, mutated and overlong files. Each ends in
 * the reader's refusal or rows within its bounds, never another exception, and memory stays under a ceiling.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutated, peakRssMib } from '../material-import/testing/fuzz';
import { CSV_MAX_FIELD_CHARS, PALETTE_CSV_MAX_BYTES, PALETTE_MAX_COLORS, PaletteFileError, readPaletteCsv } from './read-palette-csv';

const RUNS = 5000;
/** Above the peak before the run: a 2 MB file read without bounds stays far below it, so this is about growth. */
const MEMORY_CEILING_MIB = 256;

function outcome(bytes: Buffer): string {
  try {
    const { rows, errors } = readPaletteCsv(bytes);
    expect(rows.length + errors.length).toBeLessThanOrEqual(PALETTE_MAX_COLORS);
    for (const row of rows) expect(row.hex).toMatch(/^#[0-9a-f]{6}$/);
    return 'read';
  } catch (err) {
    if (err instanceof PaletteFileError) return err.reason;
    throw err;
  }
}

describe('the palette CSV reader under fuzzing', { timeout: 120_000 }, () => {
  it('generated, mutated and overlong files end in colors or a refusal', () => {
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    const row = fc.tuple(fc.string({ maxLength: 30, unit: 'grapheme' }), fc.oneof(hex, fc.string({ maxLength: 8 })), fc.string({ maxLength: 12 }));
    const csv = fc.array(row, { minLength: 1, maxLength: 20 }).map((rows) => Buffer.from(`\uFEFFname,hex,code\r\n${rows.map((r) => r.map(quote).join(',')).join('\n')}`));
    const long = fc.record({ char: fc.constantFrom('x', '"', ',', '\n'), length: fc.integer({ min: 1, max: 2 * CSV_MAX_FIELD_CHARS }), quoted: fc.boolean() });
    // Many short rows: past the color limit, and near the size limit.
    const many = fc.integer({ min: PALETTE_MAX_COLORS - 2, max: PALETTE_MAX_COLORS + 50 }).map((n) => Buffer.from(`name,hex\n${'a,#000000\n'.repeat(n)}`));
    const input = fc.oneof(
      { arbitrary: csv, weight: 3 },
      { arbitrary: csv.chain((base) => mutated([base], 8)), weight: 4 },
      { arbitrary: long.map(({ char, length, quoted }) => Buffer.from(`name,hex\n${quoted ? '"' : ''}${char.repeat(length)}${quoted ? '"' : ''},#000000\n`)), weight: 2 },
      { arbitrary: many, weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)), weight: 1 },
    );
    const seen = new Map<string, number>();
    const before = peakRssMib();
    fc.assert(
      fc.property(input, (bytes) => {
        expect(bytes.length).toBeLessThanOrEqual(PALETTE_CSV_MAX_BYTES);
        const how = outcome(bytes);
        seen.set(how, (seen.get(how) ?? 0) + 1);
      }),
      { numRuns: RUNS, seed: 5 },
    );
    expect(peakRssMib() - before).toBeLessThan(MEMORY_CEILING_MIB);
    for (const how of ['read', 'tooLong', 'tooManyColors', 'noHeader']) expect(seen.get(how), how).toBeGreaterThan(0);
  });
});
