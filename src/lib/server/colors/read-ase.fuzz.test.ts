/**
 * Fuzzing the swatch reader: files our writer makes (plain, grouped, many colors) mutated and truncated must each be
 * read or refused as an `AseFileError`, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { AseFileError, readAse } from './read-ase';
import { writeAse } from './write-ase';

const seeds = [
  writeAse([{ name: 'Navy', hex: '#1f3a93' }]),
  writeAse([{ name: 'Sand', hex: '#c2b280' }, { name: '橄榄绿', hex: '#708238' }], { group: 'Summer' }),
  writeAse(Array.from({ length: 40 }, (_, i) => ({ name: `Color ${i}`, hex: `#${(i * 6151).toString(16).padStart(6, '0').slice(-6)}` }))),
];

describe('fuzzing the ASE reader', () => {
  it('reads or refuses every mutated or truncated file, in bounded memory', async () => {
    const outcome = await fuzzReader({
      inputs: fc.oneof({ arbitrary: mutated(seeds), weight: 4 }, { arbitrary: truncated(seeds), weight: 1 }),
      read: async (bytes) => readAse(bytes),
      isRefusal: (err) => err instanceof AseFileError,
      numRuns: 20_000,
    });
    expect(outcome.runs).toBe(20_000);
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.refusals).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
