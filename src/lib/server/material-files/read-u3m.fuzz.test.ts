/**
 * Fuzzing the U3M reader, both ways a U3M comes: the bare JSON description, and the package (a zip) whether its bytes,
 * its description or one of its maps are spoiled. Each input must be read (and its maps read back and checked as the
 * job stores them) or refused with a `MaterialFileError`, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { bufferSource } from './open-archive';
import { readU3m } from './read-u3m';
import { isMaterialRefusal, useOpened } from './testing/fuzz-material';
import { makeZip } from './testing/make-zip';
import { solidPng, u3mDescription, u3mPackage } from './testing/u3m-fixtures';

const json = (doc: unknown) => Buffer.from(JSON.stringify(doc, null, 2));
const descriptions = [json(u3mDescription({ maps: [] })), json(u3mDescription({ version: '1.1', maps: [], name: '斜纹' })), json(u3mDescription({ maps: ['basecolor', 'normal'] }))];

const read = async (bytes: Buffer) => useOpened(await readU3m(bufferSource(bytes), 'fuzz.u3ma'));

describe('fuzzing the U3M reader', () => {
  let packages: Buffer[];
  let png: Buffer;
  beforeAll(async () => {
    packages = [await u3mPackage({ maps: ['basecolor', 'normal'] }), await u3mPackage({ version: '1.1', maps: ['basecolor'] })];
    png = await solidPng('#884422');
  });

  it('reads or refuses every spoiled or truncated bare description', async () => {
    const outcome = await fuzzReader({
      inputs: fc.oneof({ arbitrary: mutated(descriptions, { openers: ['[', '{"a":'] }), weight: 4 }, { arbitrary: truncated(descriptions), weight: 1 }),
      read,
      isRefusal: isMaterialRefusal,
      numRuns: 3_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);

  it('reads or refuses every package whose bytes, description or map is spoiled', async () => {
    const stored = (description: Buffer, map: Buffer) =>
      makeZip([
        { name: 'material.u3m', data: description, method: 0 },
        { name: 'textures/basecolor.png', data: map, method: 0 },
        { name: 'textures/normal.png', data: png, method: 0 },
      ]);
    const withMaps = descriptions[2]!;
    const outcome = await fuzzReader({
      inputs: fc.oneof(
        { arbitrary: mutated(packages), weight: 3 },
        { arbitrary: truncated(packages), weight: 1 },
        { arbitrary: mutated([withMaps], { openers: ['['] }).map((d) => stored(d, png)), weight: 2 },
        { arbitrary: mutated([png]).map((map) => stored(withMaps, map)), weight: 2 },
      ),
      read,
      isRefusal: isMaterialRefusal,
      numRuns: 3_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
