import { converter, differenceCiede2000 } from 'culori';
import { describe, expect, it } from 'vitest';
import { labSearchBox, type Lab } from './find-materials-by-color';

const toLab = converter('lab65');
const deltaE00 = differenceCiede2000();
const labOfRgb = (r: number, g: number, b: number): Lab => {
  const { l, a, b: bb } = toLab({ mode: 'rgb', r, g, b });
  return [l, a, bb];
};

// A deterministic generator, so a failure reproduces.
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const inside = (box: ReturnType<typeof labSearchBox>, [l, a, b]: Lab) =>
  l >= box.l[0] && l <= box.l[1] && a >= box.a[0] && a <= box.a[1] && b >= box.b[0] && b <= box.b[1];

describe('the Lab prefilter box of color search', () => {
  // The sRGB gamut on a 24-step grid (13,824 colors) plus its most saturated corners, where ΔE00 forgives most.
  const N = 24;
  const grid: Lab[] = [];
  for (let r = 0; r < N; r++) for (let g = 0; g < N; g++) for (let b = 0; b < N; b++) grid.push(labOfRgb(r / (N - 1), g / (N - 1), b / (N - 1)));
  const next = random(7);
  const queries: Lab[] = [
    ...[[0, 0, 1], [1, 0, 0], [0, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 0], [1, 1, 1], [0.2, 0.2, 0.9], [0.5, 0.5, 0.5]].map(([r, g, b]) => labOfRgb(r!, g!, b!)),
    ...Array.from({ length: 150 }, () => labOfRgb(next(), next(), next())),
  ];

  it('never leaves out a color within the tolerance (sampled over sRGB, tolerances 1 to 30)', () => {
    const misses: string[] = [];
    let within = 0;
    for (const tolerance of [1, 3, 10, 30]) {
      for (const q of queries) {
        const box = labSearchBox(q, tolerance);
        const target = { mode: 'lab65' as const, l: q[0], a: q[1], b: q[2] };
        for (const c of grid) {
          if (deltaE00(target, { mode: 'lab65', l: c[0], a: c[1], b: c[2] }) > tolerance) continue;
          within += 1;
          if (!inside(box, c)) misses.push(`${q.map((v) => v.toFixed(1))} → ${c.map((v) => v.toFixed(1))} at ${tolerance}`);
        }
      }
    }
    expect(within).toBeGreaterThan(10_000);
    expect(misses.slice(0, 5)).toEqual([]);
  });

  it('is not safe as a fixed ΔE76 of 3× the tolerance (why the box is derived)', () => {
    const blue = labOfRgb(0, 0, 1);
    const target = { mode: 'lab65' as const, l: blue[0], a: blue[1], b: blue[2] };
    const far = grid.filter((c) => deltaE00(target, { mode: 'lab65', l: c[0], a: c[1], b: c[2] }) <= 10 && Math.hypot(c[0] - blue[0], c[1] - blue[1], c[2] - blue[2]) > 30);
    expect(far.length).toBeGreaterThan(0);
  });

  it('keeps |ΔL| within 1.75× the tolerance and narrows with the tolerance', () => {
    const grey = labSearchBox([50, 0, 0], 2);
    expect(grey.l[1] - 50).toBeLessThanOrEqual(1.75 * 2 + 0.02);
    expect(grey.radiusAb).toBeLessThan(8);
    expect(labSearchBox([50, 0, 0], 1).radiusAb).toBeLessThan(grey.radiusAb);
    // Saturated colors get a wider chroma window (S_C grows with chroma).
    expect(labSearchBox(labOfRgb(0, 0, 1), 2).radiusAb).toBeGreaterThan(grey.radiusAb);
  });

  it('relies on C̄·(1+G(C̄)) growing with C̄ (the bound evaluates it at the largest C̄)', () => {
    const h = (c: number) => c * (1 + 0.5 * (1 - Math.sqrt(c ** 7 / (c ** 7 + 25 ** 7))));
    for (let c = 0; c < 140; c += 0.1) expect(h(c + 0.1)).toBeGreaterThanOrEqual(h(c));
  });
});
