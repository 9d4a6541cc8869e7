/**
 * Fuzzing the check every uploaded picture passes (`checkImage`: its type and size from the header, then one decode):
 * pictures of each accepted format, and some the check must refuse, mutated and truncated, must each be accepted or
 * refused with an `AppError`, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { checkImage } from './check-image';

describe('fuzzing the uploaded picture check', () => {
  let seeds: Buffer[];
  beforeAll(async () => {
    const picture = () => sharp({ create: { width: 48, height: 32, channels: 3, background: '#1f3a93' } });
    seeds = [
      await picture().png().toBuffer(),
      await picture().jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      await picture().webp().toBuffer(),
      await picture().gif().toBuffer(),
      await picture().tiff().toBuffer(),
    ];
  });

  it('accepts or refuses every mutated or truncated picture, in bounded memory', async () => {
    const outcome = await fuzzReader({
      inputs: fc.oneof({ arbitrary: mutated(seeds), weight: 4 }, { arbitrary: truncated(seeds), weight: 1 }),
      read: checkImage,
      isRefusal: (err) => err instanceof AppError,
      numRuns: 5_000,
    });
    expect(outcome.results).toBeGreaterThan(0);
    expect(outcome.refusals).toBeGreaterThan(0);
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
