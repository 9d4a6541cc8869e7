/**
 * Power-normalised (0.5 = Hellinger) then scaled to unit length, so a Euclidean distance between histograms lets
 * many small bins count against a few dominant ones, as a Hellinger or chi-square distance would.
 */
export function unitBlock(values: Float32Array, power: number): Float32Array {
  const out = new Float32Array(values.length);
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.pow(Math.max(0, values[i]!), power);
    out[i] = v;
    ss += v * v;
  }
  const k = ss > 0 ? 1 / Math.sqrt(ss) : 0;
  for (let i = 0; i < values.length; i++) out[i]! *= k;
  return out;
}

/** Unit blocks scaled by their weights, concatenated and scaled to unit length. */
export function assemble(blocks: ReadonlyArray<Float32Array>, weights: ReadonlyArray<number>): Float32Array {
  const out = new Float32Array(blocks.reduce((s, b) => s + b.length, 0));
  let offset = 0;
  blocks.forEach((b, i) => {
    const w = weights[i] ?? 0;
    for (let k = 0; k < b.length; k++) out[offset + k] = b[k]! * w;
    offset += b.length;
  });
  let ss = 0;
  for (let i = 0; i < out.length; i++) ss += out[i]! * out[i]!;
  // Unreachable while a color block always has mass; kept so the index never receives NaN.
  if (ss === 0) return out.fill(1 / Math.sqrt(out.length));
  const inv = 1 / Math.sqrt(ss);
  for (let i = 0; i < out.length; i++) out[i]! *= inv;
  return out;
}
