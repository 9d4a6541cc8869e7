import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { scanWasmSource } from '../../../../../scripts/build-scan-wasm.mjs';
import { decodeDescriptor, encodeDescriptor } from '../descriptor-codec';
import type { QueryDescriptor } from '../descriptor';
import { createDescriptorTable } from '.';

/** A deterministic pseudo-random unit vector, so a failure can be replayed. */
function unitVector(dims: number, seed: number): Float32Array {
  let s = seed >>> 0 || 1;
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    v[i] = ((s >>> 0) / 2 ** 32 - 0.5) * (i % 7 === 0 ? 3 : 1);
  }
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** The same search in plain floating point over the decoded rows: what the integer kernel must agree with. */
function reference(rows: Buffer[], queries: QueryDescriptor[], limit: number) {
  return rows
    .map((row, index) => {
      const stored = decodeDescriptor(row);
      const score = Math.min(...queries.map(({ vector, penalty }) => 2 - 2 * stored.reduce((sum, x, i) => sum + x * vector[i]!, 0) + penalty));
      return { row: index, score };
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, limit);
}

describe('the exact descriptor scan', () => {
  const dims = 90; // not a multiple of 16: the padding must count for nothing
  const rows = Array.from({ length: 300 }, (_, i) => encodeDescriptor(unitVector(dims, i + 1)));

  it('ranks rows as floating point does, for one vector and for several sharing their first dimensions', () => {
    const table = createDescriptorTable(dims);
    table.append(rows.slice(0, 120));
    table.append(rows.slice(120));
    expect(table.size).toBe(300);

    const single = [{ vector: unitVector(dims, 7), penalty: 0 }];
    const base = unitVector(dims, 11);
    // Four vectors (two groups of three): equal on dimensions 0–39 and 70–89, different between.
    const several = [0, 1, 2, 3].map((k) => {
      const other = unitVector(dims, 100 + k);
      const vector = base.map((x, i) => (i >= 40 && i < 70 ? other[i]! : x));
      const norm = Math.hypot(...vector);
      return { vector: vector.map((x) => x / norm), penalty: k * 0.01 };
    });
    for (const queries of [single, several]) {
      const found = table.nearest(queries, 10);
      const expected = reference(rows, queries, 10);
      expect(found.map((f) => f.row)).toEqual(expected.map((e) => e.row));
      for (const [k, f] of found.entries()) expect(f.score).toBeCloseTo(expected[k]!.score, 3);
    }
  });

  it('finds a stored row itself first, at distance zero', () => {
    const table = createDescriptorTable(dims);
    table.append(rows);
    const [first] = table.nearest([{ vector: decodeDescriptor(rows[42]!), penalty: 0 }], 3);
    expect(first!.row).toBe(42);
    expect(first!.score).toBeCloseTo(0, 3);
  });

  it('refuses a row of another length, and answers nothing while empty', () => {
    const table = createDescriptorTable(dims);
    expect(table.nearest([{ vector: unitVector(dims, 1), penalty: 0 }], 5)).toEqual([]);
    expect(() => table.append([encodeDescriptor(unitVector(dims + 1, 1))])).toThrow(/91 dimensions/);
  });

  it('loads the module assembled from the current scan.wat', async () => {
    const generated = await readFile(new URL('./scan-wasm.ts', import.meta.url), 'utf8');
    expect(generated).toBe(await scanWasmSource());
  });
});
