/**
 * Fuzzing the color-card zip reader: the outer zip's bytes spoiled, its XML index spoiled (deep nesting included), and
 * one of the packages it lists spoiled inside a well-formed zip. Each input must be read (the first color's maps read
 * back and checked as the job stores them) or refused with a `MaterialFileError` that is not the internal error,
 * within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { bufferSource } from './open-archive';
import { readColorCardZip } from './read-color-card-zip';
import { colorCardIndex, colorCardZip, colorFiles, THREE_COLORS } from './testing/color-card-zip-fixtures';
import { isMaterialRefusal, useOpened } from './testing/fuzz-material';
import type { TestEntry } from './testing/make-zip';

describe('fuzzing the color-card zip reader', () => {
  let files: TestEntry[];
  let zips: Buffer[];
  beforeAll(async () => {
    files = (await colorFiles()).map((f) => ({ ...f, method: 0 }));
    zips = [await colorCardZip(), await colorCardZip({ files, indexName: 'colorcards.xml' })];
  });

  it('reads or refuses every zip whose bytes, index or listed file is spoiled', async () => {
    const index = Buffer.from(colorCardIndex(THREE_COLORS));
    const withFile = (name: string, data: Buffer) => colorCardZip({ files: files.map((f) => (f.name === name ? { ...f, data } : f)) });
    const outcome = await fuzzReader({
      inputs: fc.oneof(
        { arbitrary: mutated(zips), weight: 3 },
        { arbitrary: truncated(zips), weight: 1 },
        { arbitrary: mutated([index], { openers: ['<colors>', '<color name="x" file="navy.u3ma">'] }).map((i) => ({ index: i.toString('latin1') })), weight: 2 },
        { arbitrary: fc.constantFrom(...files.map((f) => f.name)).chain((name) => mutated([files.find((f) => f.name === name)!.data as Buffer]).map((data) => ({ name, data }))), weight: 2 },
      ),
      read: async (input) => {
        const bytes = Buffer.isBuffer(input) ? input : 'index' in input ? await colorCardZip({ index: input.index, files }) : await withFile(input.name, input.data);
        await useOpened(await readColorCardZip(bufferSource(bytes), 'fuzz.zip'));
      },
      isRefusal: isMaterialRefusal,
      numRuns: 1_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
