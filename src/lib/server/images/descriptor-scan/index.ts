import type { QueryDescriptor } from '../descriptor';
import { SCAN_WASM_BASE64 } from './scan-wasm';

/**
 * Stored descriptors held in WebAssembly memory for the exact scan (search without pgvector), in their stored form:
 * one signed byte per dimension, rows padded to a multiple of 16 bytes, and a scale per row. 100k descriptors of
 * ~900 dimensions take about 90 MB. Query vectors become 16-bit integers with one scale shared by all of them, so a
 * dot product is integer multiply-adds, sixteen dimensions per SIMD step (scan.wat).
 */
export type DescriptorTable = {
  readonly size: number;
  /** Adds rows in their stored form (`encodeDescriptor`); their positions are `size` onwards, in order. */
  append(quantized: Buffer[]): void;
  /** The `limit` rows nearest to the photo, nearest first; a row's score is its best over the query vectors. */
  nearest(queries: QueryDescriptor[], limit: number): { row: number; score: number }[];
};

type Kernel = (codes: number, rows: number, stride: number, q: number, from: number, to: number, out: number) => void;
type Scan = { memory: WebAssembly.Memory; dot1: Kernel; dot3: Kernel };

let compiled: WebAssembly.Module | undefined;
const PAGE = 65536;
/** Query values are at most this in magnitude: 127 × 16383 × dims stays inside 32 bits up to ~1,000,000 dims. */
const QUERY_RANGE = 16383;

export function createDescriptorTable(dims: number): DescriptorTable {
  compiled ??= new WebAssembly.Module(Buffer.from(SCAN_WASM_BASE64, 'base64'));
  const { exports } = new WebAssembly.Instance(compiled);
  const scan = exports as unknown as Scan;
  const stride = Math.ceil(dims / 16) * 16;
  // Three queries of 16-bit values at the start, then the rows, then the sums of the scan in progress.
  const codesAt = Math.ceil((3 * stride * 2) / 64) * 64;
  let size = 0;
  let scales = new Float32Array(1024);

  const reserve = (bytes: number) => {
    const pages = Math.ceil(bytes / PAGE) - scan.memory.buffer.byteLength / PAGE;
    // A quarter more than asked, so appending a few rows at a time does not grow the memory each time.
    if (pages > 0) scan.memory.grow(Math.max(pages, Math.ceil(bytes / PAGE / 4)));
  };

  return {
    get size() {
      return size;
    },

    append(quantized) {
      if (quantized.length === 0) return;
      reserve(codesAt + (size + quantized.length) * stride);
      if (scales.length < size + quantized.length) {
        const grown = new Float32Array(Math.max(scales.length * 2, size + quantized.length));
        grown.set(scales.subarray(0, size));
        scales = grown;
      }
      const bytes = new Int8Array(scan.memory.buffer);
      for (const row of quantized) {
        if (row.length !== 4 + dims) throw new Error(`descriptor of ${row.length - 4} dimensions where ${dims} are held`);
        scales[size] = row.readFloatLE(0);
        const at = codesAt + size * stride;
        bytes.set(new Int8Array(row.buffer, row.byteOffset + 4, dims), at);
        bytes.fill(0, at + dims, at + stride);
        size++;
      }
    },

    nearest(queries, limit) {
      if (size === 0 || queries.length === 0 || limit <= 0) return [];
      // Padded to a multiple of three with the last vector again: a repeated vector changes no minimum.
      const groups: QueryDescriptor[][] = [];
      for (let k = 0; k < queries.length; k += 3) groups.push([0, 1, 2].map((j) => queries[Math.min(k + j, queries.length - 1)]!));
      const [from, to] = differingRange(queries, dims);
      let largest = 0;
      for (const { vector } of queries) for (let i = 0; i < dims; i++) largest = Math.max(largest, Math.abs(vector[i]!));
      const toInt = largest > 0 ? QUERY_RANGE / largest : 1;

      const sharedAt = codesAt + size * stride;
      const groupAt = (g: number) => sharedAt + size * 4 + g * size * 12;
      reserve(groupAt(groups.length));
      const memory = scan.memory.buffer;
      const query = new Int16Array(memory, 0, 3 * stride);
      new Int32Array(memory, sharedAt, size * (1 + 3 * groups.length)).fill(0);
      for (const [g, group] of groups.entries()) {
        query.fill(0);
        for (const [j, { vector }] of group.entries()) for (let i = 0; i < dims; i++) query[j * stride + i] = Math.round(vector[i]! * toInt);
        // Dimensions all vectors share (the color blocks, and everything when there is one vector) are summed once.
        if (g === 0) {
          scan.dot1(codesAt, size, stride, 0, 0, from, sharedAt);
          scan.dot1(codesAt, size, stride, 0, to, stride, sharedAt);
        }
        scan.dot3(codesAt, size, stride, 0, from, to, groupAt(g));
      }

      const shared = new Int32Array(memory, sharedAt, size);
      const sums = groups.map((_, g) => new Int32Array(memory, groupAt(g), size * 3));
      const best: { row: number; score: number }[] = [];
      let ceiling = Number.POSITIVE_INFINITY;
      for (let r = 0; r < size; r++) {
        // Unit vectors: |a - b|² = 2 - 2 a·b.
        const factor = (2 * scales[r]!) / toInt;
        let score = Number.POSITIVE_INFINITY;
        for (const [g, group] of groups.entries()) {
          const s = sums[g]!;
          for (let j = 0; j < 3; j++) score = Math.min(score, 2 - (shared[r]! + s[r * 3 + j]!) * factor + group[j]!.penalty);
        }
        if (best.length === limit && score >= ceiling) continue;
        let at = best.length;
        while (at > 0 && best[at - 1]!.score > score) at--;
        best.splice(at, 0, { row: r, score });
        if (best.length > limit) best.pop();
        if (best.length === limit) ceiling = best[limit - 1]!.score;
      }
      return best;
    },
  };
}

/**
 * The byte range [from, to), in steps of 16, outside which all query vectors are equal ([0, 0) when there is one
 * vector). A photo's vectors differ only in their texture blocks: the scales share the color blocks.
 */
function differingRange(queries: QueryDescriptor[], dims: number): [number, number] {
  const first = queries[0]!.vector;
  const differs = (i: number) => queries.some((q) => q.vector[i] !== first[i]);
  let from = 0;
  while (from < dims && !differs(from)) from++;
  let to = dims;
  while (to > from && !differs(to - 1)) to--;
  if (from === to) return [0, 0];
  return [Math.floor(from / 16) * 16, Math.ceil(to / 16) * 16];
}
