/**
 * Property-based fuzzing of the file readers: valid files the tests make are mutated (bytes flipped, spans inserted,
 * deleted or repeated, numbers overwritten with huge lengths and counts, the end cut off) and each reader must answer
 * every one with a result or its own refusal: no other exception, no hang (the test's timeout), and no allocation
 * that grows with what a header claims (the memory ceiling below). Runs use a fixed seed, which fast-check prints
 * with the shrunk input on a failure, so a failure is replayed exactly. Test code only.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';

export const FUZZ_SEED = 20_261_208;
/** What one reader may hold on to, or have in flight for one input, beyond what it started with. */
export const MEMORY_CEILING_BYTES = 64 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Numbers a header might be made to claim: around the limits of 16 and 32 bits, and lengths just past the file. */
const HUGE = [0xffffffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffff, 0x7fff, 0x10000, 0x100000, 0x4000000];

type Mutation = (bytes: Buffer) => Buffer;

const position = fc.nat();
const at = (bytes: Buffer, p: number) => (bytes.length ? p % bytes.length : 0);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ p: position, byte: fc.integer({ min: 0, max: 255 }) }).map(({ p, byte }) => (b: Buffer) => {
    const out = Buffer.from(b);
    if (out.length) out[at(out, p)] = byte;
    return out;
  }),
  fc.record({ p: position, bit: fc.integer({ min: 0, max: 7 }) }).map(({ p, bit }) => (b: Buffer) => {
    const out = Buffer.from(b);
    if (out.length) out[at(out, p)]! ^= 1 << bit;
    return out;
  }),
  fc.record({ p: position, span: fc.uint8Array({ minLength: 1, maxLength: 64 }) }).map(({ p, span }) => (b: Buffer) => {
    const i = at(b, p);
    return Buffer.concat([b.subarray(0, i), span, b.subarray(i)]);
  }),
  fc.record({ p: position, n: fc.integer({ min: 1, max: 256 }) }).map(({ p, n }) => (b: Buffer) => {
    const i = at(b, p);
    return Buffer.concat([b.subarray(0, i), b.subarray(i + n)]);
  }),
  fc.record({ p: position, n: fc.integer({ min: 1, max: 128 }), times: fc.integer({ min: 2, max: 64 }) }).map(({ p, n, times }) => (b: Buffer) => {
    const i = at(b, p);
    const span = b.subarray(i, i + n);
    return Buffer.concat([b.subarray(0, i), ...Array.from({ length: times }, () => span), b.subarray(i + n)]);
  }),
  fc.record({ p: position, value: fc.constantFrom(...HUGE), width: fc.constantFrom(2, 4), le: fc.boolean() }).map(({ p, value, width, le }) => (b: Buffer) => {
    if (b.length < width) return b;
    const out = Buffer.from(b);
    const i = at(out, p) % (out.length - width + 1);
    const v = width === 2 ? value & 0xffff : value >>> 0;
    if (width === 2) le ? out.writeUInt16LE(v, i) : out.writeUInt16BE(v, i);
    else le ? out.writeUInt32LE(v, i) : out.writeUInt32BE(v, i);
    return out;
  }),
  position.map((p) => (b: Buffer) => b.subarray(0, at(b, p))),
);

/** Opening `opener` thousands of times at one place: nesting deeper than any parser should follow. */
const nesting = (opener: string): fc.Arbitrary<Mutation> =>
  fc.record({ p: position, times: fc.integer({ min: 1, max: 200_000 }) }).map(({ p, times }) => (b: Buffer) => {
    const i = at(b, p);
    return Buffer.concat([b.subarray(0, i), Buffer.from(opener.repeat(times)), b.subarray(i)]);
  });

/** One of `seeds`, changed by one to five mutations; `openers` (e.g. `[`, `<a>`) add deep nesting of the format's kind. */
export function mutated(seeds: readonly Buffer[], options: { openers?: readonly string[] } = {}): fc.Arbitrary<Buffer> {
  const openers = options.openers ?? [];
  const change = openers.length ? fc.oneof({ arbitrary: mutation, weight: 9 }, { arbitrary: fc.constantFrom(...openers).chain(nesting), weight: 1 }) : mutation;
  return fc.record({ seed: fc.constantFrom(...seeds), changes: fc.array(change, { minLength: 1, maxLength: 5 }) }).map(({ seed, changes }) => changes.reduce((b, c) => c(b), seed));
}

/** One of `seeds` cut at any length, the empty file among them. */
export function truncated(seeds: readonly Buffer[]): fc.Arbitrary<Buffer> {
  return fc.record({ seed: fc.constantFrom(...seeds), p: position }).map(({ seed, p }) => seed.subarray(0, p % (seed.length + 1)));
}

export interface FuzzOutcome {
  runs: number;
  results: number;
  refusals: number;
  /**
   * What the run left held after a collection (JavaScript heap and buffers), and the most buffer memory seen in
   * flight after one input. `rssBytes` is the process's growth, for the record: the heap and sharp's cache keep pages
   * they no longer use, so it is not what the reader holds.
   */
  retainedBytes: number;
  peakBytes: number;
  rssBytes: number;
}

const held = () => {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, arrayBuffers };
};

/**
 * Feeds `numRuns` inputs to `read`; every one must resolve or reject with an error `isRefusal` accepts. Throws
 * fast-check's report (seed, path and the shrunk input) otherwise, or when memory passes the ceiling.
 */
export async function fuzzReader<T>(options: { inputs: fc.Arbitrary<T>; read: (input: T) => Promise<unknown>; isRefusal: (err: unknown) => boolean; numRuns: number }): Promise<FuzzOutcome> {
  gc();
  const start = held();
  const outcome: FuzzOutcome = { runs: 0, results: 0, refusals: 0, retainedBytes: 0, peakBytes: 0, rssBytes: 0 };
  await fc.assert(
    fc.asyncProperty(options.inputs, async (input) => {
      outcome.runs += 1;
      try {
        await options.read(input);
        outcome.results += 1;
      } catch (err) {
        if (!options.isRefusal(err)) throw err;
        outcome.refusals += 1;
      }
      // Garbage counts until it is collected: only memory that stays past a collection is the reader's.
      let now = held();
      if (now.arrayBuffers - start.arrayBuffers > MEMORY_CEILING_BYTES) {
        gc();
        now = held();
      }
      outcome.peakBytes = Math.max(outcome.peakBytes, now.arrayBuffers - start.arrayBuffers);
      if (now.arrayBuffers - start.arrayBuffers > MEMORY_CEILING_BYTES) throw new Error(`array buffers grew ${now.arrayBuffers - start.arrayBuffers} bytes`);
    }),
    { seed: FUZZ_SEED, numRuns: options.numRuns, endOnFailure: true },
  );
  gc();
  const end = held();
  outcome.retainedBytes = end.heapUsed - start.heapUsed + (end.arrayBuffers - start.arrayBuffers);
  outcome.rssBytes = end.rss - start.rss;
  return outcome;
}
