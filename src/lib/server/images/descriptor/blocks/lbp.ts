import type { Plane } from './image';

const P = 8;

// Rotation-invariant uniform ("riu2") mapping: uniform patterns map to their count of ones (0..8), all the
// rest share bin 9. It is what makes LBP tolerant to sample rotation, which the photos of one material vary in.
const RIU2 = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) {
    let transitions = 0;
    let ones = 0;
    for (let b = 0; b < P; b++) {
      const bit = (c >> b) & 1;
      const next = (c >> ((b + 1) % P)) & 1;
      if (bit !== next) transitions++;
      ones += bit;
    }
    t[c] = transitions <= 2 ? ones : P + 1;
  }
  return t;
})();
export const RIU2_BINS = P + 2;

type Sampler = { i0: Int32Array; w: Float32Array };

function sampler(width: number, radius: number): Sampler {
  const i0 = new Int32Array(P * 4);
  const w = new Float32Array(P * 4);
  for (let p = 0; p < P; p++) {
    const a = (2 * Math.PI * p) / P;
    const dx = radius * Math.cos(a);
    const dy = -radius * Math.sin(a);
    const x0 = Math.floor(dx + 1e-9);
    const y0 = Math.floor(dy + 1e-9);
    let fx = dx - x0;
    let fy = dy - y0;
    if (fx < 1e-6) fx = 0;
    if (fy < 1e-6) fy = 0;
    const base = p * 4;
    i0[base] = y0 * width + x0;
    i0[base + 1] = y0 * width + x0 + 1;
    i0[base + 2] = (y0 + 1) * width + x0;
    i0[base + 3] = (y0 + 1) * width + x0 + 1;
    w[base] = (1 - fx) * (1 - fy);
    w[base + 1] = fx * (1 - fy);
    w[base + 2] = (1 - fx) * fy;
    w[base + 3] = fx * fy;
  }
  return { i0, w };
}

/**
 * Completed LBP (sign, magnitude and centre components, Guo et al. 2010) with riu2 codes, as the joint
 * histogram S x M x C (10 x 10 x 2 = 200 bins). The magnitude and centre parts recover the contrast information
 * plain LBP throws away, which is what separates look-alike pairs such as cork and sponge.
 * `step` samples every step-th centre per axis: a histogram of 200 bins is stable from a few thousand centres,
 * and this is the descriptor's hot loop.
 */
export function clbp(img: Plane, radius: number, step = 1): Float32Array {
  const { data, width, height } = img;
  const r = Math.ceil(radius) + 1;
  const nx = Math.max(0, Math.ceil((width - 2 * r) / step));
  const ny = Math.max(0, Math.ceil((height - 2 * r) / step));
  const count = nx * ny;
  const hist = new Float32Array(RIU2_BINS * RIU2_BINS * 2);
  if (count === 0) return hist;
  const centreIndex = new Int32Array(count);
  let k = 0;
  for (let yi = 0; yi < ny; yi++) {
    const row = (r + yi * step) * width + r;
    for (let xi = 0; xi < nx; xi++) centreIndex[k++] = row + xi * step;
  }
  const s = sampler(width, radius);
  const sCode = new Uint8Array(count);
  const mags = new Float32Array(count * P);
  let magSum = 0;
  // One neighbour at a time over all centres: short, branch-light inner loops that the JIT vectorises well.
  for (let p = 0; p < P; p++) {
    const b = p * 4;
    const o0 = s.i0[b]!;
    const o1 = s.i0[b + 1]!;
    const o2 = s.i0[b + 2]!;
    const o3 = s.i0[b + 3]!;
    const w0 = s.w[b]!;
    const w1 = s.w[b + 1]!;
    const w2 = s.w[b + 2]!;
    const w3 = s.w[b + 3]!;
    const bit = 1 << p;
    const base = p * count;
    for (let i = 0; i < count; i++) {
      const c = centreIndex[i]!;
      const d = w0 * data[c + o0]! + w1 * data[c + o1]! + w2 * data[c + o2]! + w3 * data[c + o3]! - data[c]!;
      if (d >= 0) {
        sCode[i]! |= bit;
        mags[base + i] = d;
        magSum += d;
      } else {
        mags[base + i] = -d;
        magSum -= d;
      }
    }
  }
  const magMean = magSum / (count * P);
  let cSum = 0;
  for (let i = 0; i < count; i++) cSum += data[centreIndex[i]!]!;
  const cMean = cSum / count;
  const mCode = new Uint8Array(count);
  for (let p = 0; p < P; p++) {
    const bit = 1 << p;
    const base = p * count;
    for (let i = 0; i < count; i++) if (mags[base + i]! >= magMean) mCode[i]! |= bit;
  }
  for (let i = 0; i < count; i++) {
    const bin = (RIU2[sCode[i]!]! * RIU2_BINS + RIU2[mCode[i]!]!) * 2 + (data[centreIndex[i]!]! >= cMean ? 1 : 0);
    hist[bin]! += 1;
  }
  const inv = 1 / count;
  for (let i = 0; i < hist.length; i++) hist[i]! *= inv;
  return hist;
}
