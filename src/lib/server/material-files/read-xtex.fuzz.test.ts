/**
 * Fuzzing the xTex reader: the zip's bytes spoiled, and its XML description or base color map spoiled inside a
 * well-formed zip (deep nesting included). Each input must be read (its maps read back and checked as the job stores
 * them) or refused with a `MaterialFileError`, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { bufferSource } from './open-archive';
import { readXtex } from './read-xtex';
import { isMaterialRefusal, useOpened } from './testing/fuzz-material';
import { makeZip } from './testing/make-zip';
import { solidPng } from './testing/u3m-fixtures';
import { xtexDescription, xtexPackage } from './testing/xtex-fixtures';

describe('fuzzing the xTex reader', () => {
  let packages: Buffer[];
  let png: Buffer;
  beforeAll(async () => {
    packages = [await xtexPackage({ maps: ['basecolor', 'normal'] }), await xtexPackage({ maps: [], diffuse: '#708238' })];
    png = await solidPng('#708238');
  });

  it('reads or refuses every package whose bytes, description or map is spoiled', async () => {
    const xml = Buffer.from(xtexDescription({ maps: ['basecolor', 'normal'], diffuse: '#708238' }));
    const stored = (description: Buffer, map: Buffer) =>
      makeZip([
        { name: 'material.xml', data: description, method: 0 },
        { name: 'textures/basecolor.png', data: map, method: 0 },
        { name: 'textures/normal.png', data: png, method: 0 },
      ]);
    const outcome = await fuzzReader({
      inputs: fc.oneof(
        { arbitrary: mutated(packages), weight: 3 },
        { arbitrary: truncated(packages), weight: 1 },
        { arbitrary: mutated([xml], { openers: ['<a>', '<map type="normal">'] }).map((d) => stored(d, png)), weight: 3 },
        { arbitrary: mutated([png]).map((map) => stored(xml, map)), weight: 1 },
      ),
      read: async (bytes) => useOpened(await readXtex(bufferSource(bytes), 'fuzz.xtex')),
      isRefusal: isMaterialRefusal,
      numRuns: 3_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
