/**
 * Fuzzing what decides an upload's type: `detectFileType` on the file's first bytes, then `signatureAgrees` against
 * the extension. Mutated and truncated starts of the formats uploaded most must each give an answer, never an
 * exception, within the memory ceiling (server/testing/fuzz.ts).
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../material-files/testing/make-zip';
import { fuzzReader, MEMORY_CEILING_BYTES, mutated, truncated } from '../testing/fuzz';
import { signatureAgrees } from './check-file-signature';
import { detectFileType } from './detect-file-type';
const EXTENSIONS = ['png', 'jpg', 'webp', 'zip', 'u3ma', 'xtex', 'pdf', 'docx', 'txt', 'svg', 'admf', 'constructor'];

describe('fuzzing the upload type check', () => {
  let seeds: Buffer[];
  beforeAll(async () => {
    const picture = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#c2b280' } });
    seeds = [
      await picture().png().toBuffer(),
      await picture().jpeg().toBuffer(),
      await picture().webp().toBuffer(),
      makeZip([{ name: 'material.u3m', data: '{"schema":"1.0"}' }, { name: '[Content_Types].xml', data: '<Types/>' }]),
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
    ];
  });

  it('answers whether the start agrees with the extension for every mutated or truncated start', async () => {
    const outcome = await fuzzReader({
      inputs: fc.tuple(fc.oneof({ arbitrary: mutated(seeds), weight: 4 }, { arbitrary: truncated(seeds), weight: 1 }), fc.constantFrom(...EXTENSIONS)),
      read: async ([bytes, extension]) => {
        const detected = await detectFileType(bytes);
        expect(detected === null || typeof signatureAgrees(extension, detected?.ext) === 'boolean').toBe(true);
      },
      isRefusal: () => false,
      numRuns: 10_000,
    });
    expect(outcome.retainedBytes).toBeLessThan(MEMORY_CEILING_BYTES);
  }, 60_000);
});
