import { describe, expect, it } from 'vitest';
import { decodeDescriptor, encodeDescriptor } from './descriptor-codec';

describe('stored descriptor form', () => {
  it('is a quarter of float32 and round-trips within half a step of the largest value', () => {
    const v = Float32Array.from({ length: 300 }, (_, i) => Math.sin(i * 0.7) * (i % 7 === 0 ? 0.4 : 0.05));
    const bytes = encodeDescriptor(v);
    expect(bytes.length).toBe(4 + v.length);
    const back = decodeDescriptor(bytes);
    const step = 0.4 / 127;
    for (let i = 0; i < v.length; i++) expect(Math.abs(back[i]! - v[i]!)).toBeLessThanOrEqual(step / 2 + 1e-7);
    expect(Math.max(...back.map(Math.abs))).toBeCloseTo(Math.max(...v.map(Math.abs)), 6);
  });

  it('keeps an all-zero vector zero', () => {
    expect([...decodeDescriptor(encodeDescriptor(new Float32Array(8)))]).toEqual(new Array(8).fill(0));
  });
});
