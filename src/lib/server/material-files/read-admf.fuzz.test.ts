/**
 * Fuzzing the ADMF reader: the zip's bytes spoiled, the description block spoiled (its header's lengths and version
 * as they are, or its payload with a CRC that still matches, so the JSON and its values are reached), and a map
 * spoiled. Each input must be read (its maps read back and checked as the job stores them) or refused with a
 * `MaterialFileError`, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { bufferSource } from './open-archive';
import { readAdmf } from './read-admf';
import { admfBlock, admfPackage, admfPayload } from './testing/admf-fixtures';
import { isMaterialRefusal, useOpened } from './testing/fuzz-material';
import { makeZip } from './testing/make-zip';
import { solidPng } from './testing/u3m-fixtures';

describe('fuzzing the ADMF reader', () => {
  let packages: Buffer[];
  let pictures: { name: string; data: Buffer; method: 0 }[];
  beforeAll(async () => {
    packages = [await admfPackage(), await admfPackage({ block: admfBlock({ ...admfPayload(), front: { maps: {} }, back: null }) })];
    pictures = await Promise.all(['maps/basecolor.png', 'maps/normal.png', 'maps/roughness.png', 'colors/sand.png'].map(async (name) => ({ name, data: await solidPng('#1f3a93'), method: 0 as const })));
  });

  it('reads or refuses every package whose bytes, block, payload or map is spoiled', async () => {
    const payload = Buffer.from(JSON.stringify(admfPayload()));
    const withBlock = (block: Buffer, map?: Buffer) => makeZip([{ name: 'material.admfd', data: block, method: 0 }, ...pictures.map((p) => (map && p.name === 'maps/basecolor.png' ? { ...p, data: map } : p))]);
    const outcome = await fuzzReader({
      inputs: fc.oneof(
        { arbitrary: mutated(packages), weight: 2 },
        { arbitrary: truncated(packages), weight: 1 },
        { arbitrary: mutated([admfBlock(payload)]).map((block) => withBlock(block)), weight: 2 },
        { arbitrary: mutated([payload], { openers: ['[', '{"a":'] }).map((p) => withBlock(admfBlock(p))), weight: 3 },
        { arbitrary: mutated([pictures[0]!.data]).map((map) => withBlock(admfBlock(payload), map)), weight: 1 },
      ),
      read: async (bytes) => useOpened(await readAdmf(bufferSource(bytes), 'fuzz.admf')),
      isRefusal: isMaterialRefusal,
      numRuns: 3_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
