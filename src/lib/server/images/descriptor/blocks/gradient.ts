import type { Plane } from './image';

const ORI_BINS = 16;
const MAG_BINS = 8;

/**
 * Gradient statistics that survive rotation: the magnitudes of the DFT of the orientation histogram (a circular
 * shift, i.e. a rotation, leaves them unchanged) tell stripes (corduroy) from isotropic textures; plus a
 * histogram of log gradient magnitude. ORI_BINS/2 + 1 + MAG_BINS values.
 */
export function gradientStats(img: Plane): Float32Array {
  const { data, width, height } = img;
  const ori = new Float64Array(ORI_BINS);
  const mag = new Float32Array(MAG_BINS);
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = data[i + 1]! - data[i - 1]!;
      const gy = data[i + width]! - data[i - width]!;
      const m2 = gx * gx + gy * gy;
      const m = Math.sqrt(m2);
      // Orientation modulo pi: an edge and its reverse are the same structure.
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      let f = (a / Math.PI) * ORI_BINS - 0.5;
      if (f < 0) f += ORI_BINS;
      const b0 = Math.floor(f) % ORI_BINS;
      const w = f - Math.floor(f);
      ori[b0]! += m * (1 - w);
      ori[(b0 + 1) % ORI_BINS]! += m * w;
      let mb = Math.floor((Math.log2(m + 1e-3) + 4) * 1.2);
      mb = mb < 0 ? 0 : mb >= MAG_BINS ? MAG_BINS - 1 : mb;
      mag[mb]! += 1;
      count++;
    }
  }
  const out = new Float32Array(ORI_BINS / 2 + 1 + MAG_BINS);
  let total = 0;
  for (let k = 0; k < ORI_BINS; k++) total += ori[k]!;
  for (let f = 0; f <= ORI_BINS / 2; f++) {
    let re = 0;
    let im = 0;
    for (let k = 0; k < ORI_BINS; k++) {
      const ph = (2 * Math.PI * f * k) / ORI_BINS;
      re += ori[k]! * Math.cos(ph);
      im -= ori[k]! * Math.sin(ph);
    }
    out[f] = total > 0 ? Math.sqrt(re * re + im * im) / total : 0;
  }
  for (let b = 0; b < MAG_BINS; b++) out[ORI_BINS / 2 + 1 + b] = count > 0 ? mag[b]! / count : 0;
  return out;
}
