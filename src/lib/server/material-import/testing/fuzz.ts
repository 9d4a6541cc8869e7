/**
 * Mutations for the file readers' property-based tests: flipped, inserted and deleted bytes and truncations of a
 * valid file, so every input is close enough to real to reach deep into the reader. Test code only.
 */
import fc from 'fast-check';

type Mutation =
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 24 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(bytes: Buffer, m: Mutation): Buffer {
  const at = bytes.length === 0 ? 0 : m.at % bytes.length;
  switch (m.kind) {
    case 'flip': {
      const copy = Buffer.from(bytes);
      if (copy.length > 0) copy[at] = m.value;
      return copy;
    }
    case 'insert':
      return Buffer.concat([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
    case 'delete':
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + m.length)]);
    case 'truncate':
      return bytes.subarray(0, at);
  }
}

/** One of `bases`, with `min` to `max` mutations applied in turn. */
export const mutated = (bases: Buffer[], max = 6, min = 1): fc.Arbitrary<Buffer> =>
  fc.tuple(fc.nat({ max: bases.length - 1 }), fc.array(mutation, { minLength: min, maxLength: max })).map(([i, ms]) => ms.reduce(apply, bases[i]!));

/** The process's peak resident memory so far, in MiB: a high-water mark, so a spike between checks still shows. */
export const peakRssMib = () => process.resourceUsage().maxRSS / 1024;
