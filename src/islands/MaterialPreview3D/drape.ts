/**
 * A cloth hanging from its top edge, as a sample hangs on a showroom rail: gathered into a few soft folds that
 * deepen towards the hem. It is a shape, not a simulation: the same input always gives the same cloth, which keeps
 * screenshots stable and the shape testable.
 *
 * Each row of the cloth keeps its cut width along its folds (it is gathered, never stretched), so a map tiled at
 * its real size stays at its real size on the folded cloth.
 */

export interface DrapeOptions {
  /** The flat cloth's size, in the geometry's units; the geometry is centred on the origin in the xy plane. */
  width: number;
  height: number;
  /** Fold waves across the width. */
  folds?: number;
  /** How far a fold stands out at the hem, in the geometry's units; a third of it at the top edge. */
  depth?: number;
}

/** Points along a row used to measure its length along the folds. */
const SAMPLES = 256;
/** A second, smaller wave that shifts down the cloth, so the folds twist a little instead of looking extruded. */
const RIPPLE = 0.3;

interface Row {
  /** Width the row spans once gathered. */
  span: number;
  /** Depth at each sample, across the row (0…1 → SAMPLES). */
  z: Float64Array;
  /** Cloth length from the row's left end to each sample, scaled to the cut width. */
  along: Float64Array;
}

function settings(options: DrapeOptions) {
  const folds = Math.max(1, Math.round(options.folds ?? 3));
  // Deeper folds than a quarter wavelength would need more cloth than a row has.
  const depth = Math.min(Math.max(0, options.depth ?? options.width * 0.055), options.width / (6 * folds));
  return { width: options.width, height: options.height, folds, depth };
}

function rowAt(t: number, s: ReturnType<typeof settings>): Row {
  // Folds form just below the pins and grow towards the hem, where the cloth hangs free.
  const amplitude = (s.depth * (1 / 3 + (2 / 3) * Math.sin((t * Math.PI) / 2))) / (1 + RIPPLE);
  const z = new Float64Array(SAMPLES + 1);
  for (let i = 0; i <= SAMPLES; i += 1) {
    const theta = 2 * Math.PI * s.folds * (i / SAMPLES);
    z[i] = amplitude * (Math.sin(theta) + RIPPLE * Math.sin(2 * theta + 1.3 + 2.1 * t));
  }
  const length = (span: number) => {
    let total = 0;
    for (let i = 1; i <= SAMPLES; i += 1) total += Math.hypot(span / SAMPLES, z[i]! - z[i - 1]!);
    return total;
  };
  // The gathered span whose folded length is the cut width: length grows with span, so halve the interval.
  let low = 0;
  let high = s.width;
  for (let step = 0; step < 50; step += 1) {
    const mid = (low + high) / 2;
    if (length(mid) < s.width) low = mid;
    else high = mid;
  }
  const span = (low + high) / 2;
  const along = new Float64Array(SAMPLES + 1);
  for (let i = 1; i <= SAMPLES; i += 1) along[i] = along[i - 1]! + Math.hypot(span / SAMPLES, z[i]! - z[i - 1]!);
  const scale = s.width / along[SAMPLES]!;
  for (let i = 0; i <= SAMPLES; i += 1) along[i]! *= scale;
  return { span, z, along };
}

function place(x: number, row: Row, width: number): [number, number] {
  const m = Math.min(Math.max(x + width / 2, 0), width);
  let low = 0;
  let high = SAMPLES;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (row.along[mid]! <= m) low = mid;
    else high = mid;
  }
  const a = row.along[low]!;
  const b = row.along[high]!;
  const f = b > a ? (m - a) / (b - a) : 0;
  const u = (low + f) / SAMPLES;
  return [(u - 0.5) * row.span, row.z[low]! + f * (row.z[high]! - row.z[low]!)];
}

const rowParameter = (y: number, height: number) => Math.min(Math.max((height / 2 - y) / height, 0), 1);

/** Where a point (x, y) of the flat cloth ends up on the hanging cloth. */
export function drapePoint(x: number, y: number, options: DrapeOptions): [number, number, number] {
  const s = settings(options);
  const [px, pz] = place(x, rowAt(rowParameter(y, s.height), s), s.width);
  return [px, y, pz];
}

/**
 * The hanging cloth for a flat grid's positions (x, y, z per vertex, as `PlaneGeometry` lays them out); a new
 * array, the input is left as it is. Heights stay where they are: the cloth hangs from a straight top edge.
 */
export function drapeCloth(positions: ArrayLike<number>, options: DrapeOptions): Float32Array {
  const s = settings(options);
  const out = new Float32Array(positions.length);
  const rows = new Map<number, Row>();
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    let row = rows.get(y);
    if (!row) {
      row = rowAt(rowParameter(y, s.height), s);
      rows.set(y, row);
    }
    const [px, pz] = place(x, row, s.width);
    out[i] = px;
    out[i + 1] = y;
    out[i + 2] = positions[i + 2]! + pz;
  }
  return out;
}
